//! Threats in sight: with the toggle on (key H, the Learn tab's "Threats" button), every attack
//! on the side to move's pieces drawn as its route on both views (the rays' drawing, in the
//! threats' colour), through seams and round cone points, and each attacked piece ringed. When a
//! move gives check, the checking routes are drawn for a few seconds whatever the toggle, and the
//! status line names the checking pieces.

use crate::features::rays::leg_strokes;
use crate::features::rays::legs::legs;
use crate::scene::board::Embedded;
use crate::scene::chart::ChartShown;
use crate::scene::flat::FlatMaterial;
use crate::scene::overlay::{Stroke, push_on_chart, push_on_surface, redraw, spawn_on_both_views};
use crate::state::commands::{Command, View, toggled};
use crate::state::game::{CurrentGame, Notice};
use crate::state::play::PlayState;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Position, Threat};

/// Whether every threat is drawn.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowThreats(pub bool);

/// The last check given: its ply, and whether its routes are still drawn (for
/// [`CHECK_SECONDS`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckShown {
    /// The ply of the position in check.
    pub ply: usize,
    /// Whether its routes are drawn now.
    pub on: bool,
}

/// How long a check's routes stay drawn.
pub const CHECK_SECONDS: f32 = 4.0;

/// The threats' colour.
pub const THREAT: Color = Color::srgb(0.86, 0.08, 0.42);

/// The threats' drawing on one view.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreatPart {
    /// On the surface.
    Surface,
    /// On the chart.
    Chart,
}

/// Draws threats and checks.
pub fn plugin(app: &mut App) {
    app.init_resource::<ShowThreats>().init_resource::<CheckShown>().add_systems(Startup, spawn_drawings).add_systems(
        Update,
        (
            (toggle_threats, notice_check).in_set(crate::schedule::AppSystems::Rules),
            draw_threats.in_set(crate::schedule::AppSystems::Show),
        ),
    );
}

fn spawn_drawings(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let ink = materials.add(FlatMaterial::two_sided(THREAT));
    spawn_on_both_views(&mut commands, &mut meshes, ink, (ThreatPart::Surface, ThreatPart::Chart), 0.095);
}

fn toggle_threats(mut commands: MessageReader<Command>, mut show: ResMut<ShowThreats>) {
    if toggled(&mut commands, View::Threats) {
        show.0 = !show.0;
    }
}

/// A new check in the live game: shown for [`CHECK_SECONDS`] and named in the notice.
fn notice_check(
    current: Res<CurrentGame>,
    time: Res<Time>,
    mut shown: ResMut<CheckShown>,
    mut left: Local<f32>,
    mut notice: ResMut<Notice>,
) {
    let game = &current.game;
    let ply = game.actions().len();
    let p = game.position();
    if current.is_changed() && ply > 0 && ply != shown.ply && p.is_check() && !game.is_exploring() {
        *shown = CheckShown { ply, on: true };
        *left = CHECK_SECONDS;
        notice.say(check_words(p));
    } else if shown.on {
        *left -= time.delta_secs();
        // Another move, or the time is up.
        if *left <= 0.0 || ply != shown.ply {
            shown.on = false;
        }
    }
}

/// The status line's words for a check: each checking piece and whether it comes through a seam.
pub fn check_words(p: &Position) -> String {
    let king = p.king(p.side_to_move());
    let pieces: Vec<String> = p
        .threats()
        .into_iter()
        .filter(|t| t.target == king)
        .map(|t| {
            let role = p.piece_at(t.attacker).map_or("piece", |q| q.role().name());
            let seam = if t.trail.steps.iter().any(|s| s.seam) { " through the seam" } else { "" };
            format!("the {role} on {}{seam}", p.complex().name(t.attacker))
        })
        .collect();
    format!("check from {}", pieces.join(" and "))
}

/// The strokes of `threats`: each route, and a ring round each attacked piece.
pub fn threat_strokes(p: &Position, threats: &[Threat]) -> Vec<Stroke> {
    let complex = p.complex();
    let mut seams = 0;
    let mut out: Vec<Stroke> = threats
        .iter()
        .flat_map(|t| legs(complex, t.attacker, &t.trail, &mut seams, false))
        .flat_map(|leg| leg_strokes(&leg))
        .collect();
    let mut rung: Vec<Cell> = Vec::new();
    for t in threats {
        if !rung.contains(&t.target) {
            rung.push(t.target);
            out.extend(ring(t.target));
        }
    }
    out
}

/// A square ring just inside a cell.
fn ring(cell: Cell) -> [Stroke; 4] {
    let (lo, hi) = (0.1, 0.9);
    let corners = [Vec2::new(lo, lo), Vec2::new(hi, lo), Vec2::new(hi, hi), Vec2::new(lo, hi)];
    std::array::from_fn(|i| Stroke { cell, line: (corners[i], corners[(i + 1) % 4]), half: 0.03, chart_half: 0.035 })
}

fn draw_threats(
    play: PlayState,
    show: Res<ShowThreats>,
    check: Res<CheckShown>,
    embedded: Option<Res<Embedded>>,
    chart: Option<Res<ChartShown>>,
    mut drawings: Query<(&ThreatPart, &Mesh3d, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(embedded), Some(chart)) = (embedded, chart) else { return };
    if !play.is_changed() && !show.is_changed() && !embedded.is_changed() && !chart.is_changed() && !check.is_changed()
    {
        return;
    }
    let p = play.shown();
    let threats = if play.setup.is_some() {
        Vec::new()
    } else if show.0 {
        p.threats()
    } else if check.on && play.live() {
        let king = p.king(p.side_to_move());
        p.threats().into_iter().filter(|t| t.target == king).collect()
    } else {
        Vec::new()
    };
    let strokes = threat_strokes(p, &threats);
    for (part, mesh, visibility) in &mut drawings {
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        match part {
            ThreatPart::Surface => push_on_surface(&embedded.0, &strokes, 0.022, &mut positions, &mut indices),
            ThreatPart::Chart => push_on_chart(&chart.0, p.complex(), &strokes, &mut positions, &mut indices),
        }
        redraw(&mut meshes, mesh, visibility, &positions, indices);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_rules::Variant;

    #[test]
    fn a_check_through_the_seam_is_named_and_every_threat_drawn_with_a_ring() {
        let p = Position::from_text(Variant::Torus, "8/3n4/8/8/8/8/P7/4K2k w - - 0 0").unwrap();
        assert_eq!(check_words(&p), "check from the knight on d7 through the seam");
        let threats = p.threats();
        let strokes = threat_strokes(&p, &threats);
        let e1 = p.complex().parse_cell("e1").unwrap();
        // The ring: four strokes on the king's cell; the route: strokes on the cells it passes.
        assert!(strokes.iter().filter(|s| s.cell == e1).count() >= 4);
        for step in &threats[0].trail.steps {
            assert!(strokes.iter().any(|s| s.cell == step.cell), "{}", p.complex().name(step.cell));
        }
        // The torus's start: White's queen, rooks and more are attacked through the seam.
        let start = Position::new(Variant::Torus);
        assert!(start.threats().len() >= 3);
    }
}
