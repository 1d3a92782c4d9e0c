//! "What if it were not twisted?" (key W, the Learn tab's button): on a board with a twin (M and
//! the 10 × 9 cylinder, K and the 9 × 18 torus, Endless and the cylinder, the projective plane
//! and the torus: [`surface_chess_rules::VariantSpec::twin`]), the same position on the twin
//! beside it, in the right half of the 3D view and beside the chart, with the selected piece's
//! destinations on both. The cells where they differ are marked on both boards and both views:
//! a ring where the piece gets on that board only, a cross where it gets on the other only.

pub mod chart;
pub mod twin;

use crate::scene::board::Embedded;
use crate::scene::camera::SplitView;
use crate::scene::chart::ChartShown;
use crate::scene::flat::FlatMaterial;
use crate::scene::overlay::{Stroke, push_on_chart, push_on_surface, redraw, spawn_on_both_views};
use crate::state::commands::{Command, View, toggled};
use crate::state::game::Notice;
use crate::state::play::PlayState;
use bevy::prelude::*;
use std::collections::BTreeSet;
use surface_chess_rules::{Cell, Comparison, Position, Variant};

/// Whether the twin is shown beside the board (where the board has one).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compare(pub bool);

/// What the comparison shows now: the position on the twin and, with a piece selected, where it
/// goes on each board. `None` while the toggle is off, on a board without a twin, or setting up.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Compared(pub Option<CompareShown>);

/// The comparison on show.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareShown {
    /// The position on the twin board.
    pub twin: Position,
    /// The selected piece's cell and where it goes on each board.
    pub moves: Option<(Cell, Comparison)>,
}

impl CompareShown {
    /// The twin board.
    pub fn variant(&self) -> Variant {
        self.twin.variant()
    }

    /// The board's cell as the twin names it (the two share their chart).
    pub fn on_twin(&self, cell: Cell) -> Option<Cell> {
        let board = &self.twin.variant().spec().twin?.rules().complex;
        self.twin.complex().cell_at(board.coord(cell))
    }

    /// The selected piece's cell, its destinations on the twin and on the board, all as cells of
    /// the twin.
    pub fn twin_moves(&self) -> Option<(Cell, BTreeSet<Cell>, BTreeSet<Cell>)> {
        let (from, c) = self.moves.as_ref()?;
        let map = |cells: &BTreeSet<Cell>| cells.iter().filter_map(|&x| self.on_twin(x)).collect();
        Some((self.on_twin(*from)?, map(&c.there), map(&c.here)))
    }

    /// Whether the selected piece's move to `cell` (a twin cell) captures on the twin.
    pub fn captures_on_twin(&self, from: Cell, cell: Cell) -> bool {
        let mover = self.twin.piece_at(from).map(|p| p.color());
        self.twin.piece_at(cell).is_some_and(|p| Some(p.color()) != mover)
    }
}

/// The marks' colour.
pub const DIFFERS: Color = Color::srgb(0.0, 0.82, 0.95);

/// The difference marks on this board's two views.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DifferencePart {
    /// On the surface.
    Surface,
    /// On the chart.
    Chart,
}

/// The comparison: the toggle, what it shows and its marks on this board (the twin's views are
/// `twin` and `chart`).
pub fn plugin(app: &mut App) {
    app.init_resource::<Compare>()
        .init_resource::<Compared>()
        .init_resource::<SplitView>()
        .add_systems(Startup, spawn_drawings)
        .add_systems(
            Update,
            (
                toggle_compare.in_set(crate::schedule::AppSystems::Rules),
                (compare, draw_differences).chain().in_set(crate::schedule::AppSystems::Show),
            ),
        );
}

/// The twin's views, for the rendering app: its 3D board in the right half of the 3D view and
/// its chart beside this board's.
pub fn drawing_plugin(app: &mut App) {
    app.add_plugins((twin::plugin, chart::plugin));
}

fn spawn_drawings(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let ink = materials.add(FlatMaterial::two_sided(DIFFERS));
    spawn_on_both_views(&mut commands, &mut meshes, ink, (DifferencePart::Surface, DifferencePart::Chart), 0.1);
}

/// The button and key; on a board without a twin the notice says why nothing changes.
fn toggle_compare(
    mut commands: MessageReader<Command>,
    mut compare: ResMut<Compare>,
    play: PlayState,
    mut notice: ResMut<Notice>,
) {
    if toggled(&mut commands, View::Compare) {
        compare.0 = !compare.0;
        if compare.0 && play.variant().spec().twin.is_none() {
            notice.say(format!("{} has no twisted seam to take out: nothing to compare", play.variant()));
        }
    }
}

/// The comparison for the position on show and the selection.
fn compare(compare: Res<Compare>, play: PlayState, mut compared: ResMut<Compared>, mut split: ResMut<SplitView>) {
    if !compare.is_changed() && !play.is_changed() {
        return;
    }
    let wanted = compare_shown(compare.0, &play);
    split.set_if_neq(SplitView(wanted.is_some()));
    compared.set_if_neq(Compared(wanted));
}

/// What the comparison shows for the toggle and the play state.
pub fn compare_shown(on: bool, play: &PlayState) -> Option<CompareShown> {
    if !on || play.setup.is_some() {
        return None;
    }
    let p = play.shown();
    let twin = p.on_twin()?;
    let exploring = play.current.game.is_exploring();
    let moves = play.selection.selected.and_then(|from| Some((from, p.compare(from, exploring)?)));
    Some(CompareShown { twin, moves })
}

/// The marks for one board: a ring on each cell reached on it only, a cross on each reached on
/// the other only (`mine`, `theirs`: the destinations on this board and the other).
pub fn difference_strokes(mine: &BTreeSet<Cell>, theirs: &BTreeSet<Cell>) -> Vec<Stroke> {
    let stroke = |cell, a: Vec2, b: Vec2| Stroke { cell, line: (a, b), half: 0.035, chart_half: 0.04 };
    let mut out = Vec::new();
    for &cell in mine.difference(theirs) {
        let (lo, hi) = (0.12, 0.88);
        let corners = [Vec2::new(lo, lo), Vec2::new(hi, lo), Vec2::new(hi, hi), Vec2::new(lo, hi)];
        out.extend((0..4).map(|i| stroke(cell, corners[i], corners[(i + 1) % 4])));
    }
    for &cell in theirs.difference(mine) {
        let (lo, hi) = (0.25, 0.75);
        out.push(stroke(cell, Vec2::new(lo, lo), Vec2::new(hi, hi)));
        out.push(stroke(cell, Vec2::new(lo, hi), Vec2::new(hi, lo)));
    }
    out
}

fn draw_differences(
    compared: Res<Compared>,
    embedded: Option<Res<Embedded>>,
    chart: Option<Res<ChartShown>>,
    mut drawings: Query<(&DifferencePart, &Mesh3d, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(embedded), Some(chart)) = (embedded, chart) else { return };
    if !compared.is_changed() && !embedded.is_changed() && !chart.is_changed() {
        return;
    }
    let strokes = match &compared.0 {
        Some(CompareShown { moves: Some((_, c)), .. }) => difference_strokes(&c.here, &c.there),
        _ => Vec::new(),
    };
    let complex = &embedded.0.variant.rules().complex;
    for (part, mesh, visibility) in &mut drawings {
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        match part {
            DifferencePart::Surface => push_on_surface(&embedded.0, &strokes, 0.024, &mut positions, &mut indices),
            DifferencePart::Chart => push_on_chart(&chart.0, complex, &strokes, &mut positions, &mut indices),
        }
        redraw(&mut meshes, mesh, visibility, &positions, indices);
    }
}
