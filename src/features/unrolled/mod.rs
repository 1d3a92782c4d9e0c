//! The unrolled chart view (key U, the panel's "Unrolled" button): in the chart view's place, the
//! board as the gluings lay it out flat. On the single-chart boards the chart with its
//! neighbouring copies (mirrored copies across the side seams, shifted copies across the Klein
//! bottle's wrapping ranks and both of the torus's; the flat board alone with its closed edges),
//! every copy with the position, the highlights, the destinations and the selected piece's rays,
//! so that a ray through a seam runs straight on into the next copy; on the boards with cone
//! points (genus two, the sphere, the projective plane), with a piece selected, each of its
//! trails developed into a straight strip of cells. Every cell drawn is a pickable patch of its
//! rules cell, so clicks work in every copy. The right or middle button pans, the wheel zooms.
//!
//! The view has its own render layer: the chart camera looks at it instead of the charts while
//! it is on show, so the ordinary chart view is left as it is.

pub mod strips;
pub mod tiles;

use crate::features::rays::legs::{Leg, leg_arrow, leg_marks, leg_segments};
use crate::features::rays::{RAY, ShowRays, piece_legs};
use crate::scene::board::{self, CellPatch, Palette, base_class};
use crate::scene::camera::{ChartCamera, ChartFrame};
use crate::scene::chart::{CHART_LAYER, Flipped, piece_glyph};
use crate::scene::flat::FlatMaterial;
use crate::scene::glyphs::{ADVANCE, ASCENT, STROKE, WIDTH, push_flat_text, push_stroke, stroke_mesh, text_width};
use crate::scene::layout::PANEL_BG;
use crate::scene::overlay::{drawing, redraw};
use crate::state::commands::{Command, View, toggled};
use crate::state::play::PlayState;
use bevy::camera::visibility::RenderLayers;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::math::IVec2;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use strips::{Development, LABEL_HEIGHT, Placed};
use surface_chess_rules::{Cell, Color as Side, Dir, Facing, FacingMode, Piece, Variant};
use tiles::{Tile, Tiling};

/// The render layer of the unrolled view.
pub const UNROLLED_LAYER: usize = 2;

/// Whether the unrolled view replaces the chart view (key U, the panel's button).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unrolled(pub bool);

/// What the unrolled view shows.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub enum UnrolledShown {
    /// Nothing: the ordinary chart view is on show (the toggle is off, or on a board with cone
    /// points no piece is selected).
    #[default]
    Off,
    /// A single-chart board's chart with its neighbouring copies.
    Tiles(Tiling),
    /// Genus two: the selected piece's trails laid flat.
    Strips(Development),
}

impl UnrolledShown {
    /// Whether the unrolled view is on show in the chart view's place.
    pub fn active(&self) -> bool {
        !matches!(self, UnrolledShown::Off)
    }

    /// What the chart camera should frame: the centre and the extent, while on show.
    pub fn frame(&self) -> Option<(Vec2, Vec2)> {
        match self {
            UnrolledShown::Off => None,
            UnrolledShown::Tiles(t) => Some(t.frame()),
            UnrolledShown::Strips(d) => Some(d.frame()),
        }
    }
}

/// A cell drawn in the unrolled view, besides its [`CellPatch`]: which copy, or which strip and
/// place in it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnrolledCell {
    /// In the copy with this index ((0, 0): the original chart).
    Copy(IVec2),
    /// In a strip of the development, at a place along it (0: the piece's own cell).
    Strip {
        /// The strip.
        strip: usize,
        /// The place along it.
        place: usize,
    },
}

/// Everything built for the view on show (cells, seams, edges, names), replaced when it changes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct UnrolledPart;

/// One of the view's kept drawings of the pieces, destination marks and rays (one mesh per
/// material), redrawn in place when the position, the selection or the view changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnrolledDrawing {
    /// The discs of one side's pieces (0 White, 1 Black).
    Discs(usize),
    /// The letters on them.
    Letters(usize),
    /// The discs' rims.
    Rims,
    /// The selected piece's rays.
    Rays,
    /// The destination marks.
    Marks,
}

/// The copies' cell names, shown only where the view is zoomed in far enough to read them.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct CellNames;

/// The fewest pixels a cell needs for its name to be written in it.
const NAMES_FROM_PIXELS: f32 = 22.0;

/// The view's own materials.
#[derive(Resource, Clone, Debug)]
struct Kit {
    backdrop: Handle<FlatMaterial>,
    /// Disc colour and letter ink, White then Black.
    colours: [(Handle<FlatMaterial>, Handle<FlatMaterial>); 2],
    rim: Handle<FlatMaterial>,
    ray: Handle<FlatMaterial>,
    outline: Handle<FlatMaterial>,
    edge: Handle<FlatMaterial>,
    names: Handle<FlatMaterial>,
    /// The copies' cell names: on the darker cells, on the lighter ones (a shade off the cell).
    cell_names: [Handle<FlatMaterial>; 2],
}

/// The colour of the strips' cell names.
const NAME: Color = Color::srgb(0.78, 0.81, 0.86);

/// The unrolled view: the toggle, what it shows, its drawing.
pub fn plugin(app: &mut App) {
    app.init_resource::<Unrolled>()
        .init_resource::<UnrolledShown>()
        .init_resource::<ChartFrame>()
        .add_systems(Startup, make_kit)
        .add_systems(
            Update,
            (
                toggle_unrolled.in_set(crate::schedule::AppSystems::Rules),
                (choose_view, build_view, draw_position).chain().in_set(crate::schedule::AppSystems::Show),
            ),
        );
}

/// The chart camera's side of the view (rendering app only): it looks at the unrolled view's
/// layer while that is on show, and the right or middle button pans and the wheel zooms it there.
pub fn camera_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (route_chart_camera, pan_and_zoom, names_by_zoom).chain().after(crate::schedule::AppSystems::Show),
    );
}

fn make_kit(mut commands: Commands, mut materials: ResMut<Assets<FlatMaterial>>) {
    let mut solid = |c: Color| materials.add(FlatMaterial::two_sided(c));
    let colours = [
        (solid(Color::srgb(0.97, 0.95, 0.88)), solid(Color::srgb(0.10, 0.10, 0.10))),
        (solid(Color::srgb(0.12, 0.12, 0.14)), solid(Color::srgb(0.95, 0.95, 0.95))),
    ];
    commands.insert_resource(Kit {
        backdrop: solid(PANEL_BG),
        colours,
        rim: solid(Color::srgb(0.38, 0.40, 0.45)),
        ray: solid(RAY),
        outline: solid(Color::srgb(0.98, 0.98, 0.92)),
        edge: solid(Color::srgb(0.05, 0.05, 0.06)),
        names: solid(NAME),
        cell_names: [solid(Color::srgb(0.64, 0.71, 0.80)), solid(Color::srgb(0.58, 0.61, 0.64))],
    });
}

/// The Unrolled button and key.
fn toggle_unrolled(mut commands: MessageReader<Command>, mut unrolled: ResMut<Unrolled>) {
    if toggled(&mut commands, View::Unrolled) {
        unrolled.0 = !unrolled.0;
    }
}

/// What the view should show for the toggle, the board, the flip and (boards with cone points)
/// the selection.
pub fn wanted_view(unrolled: bool, variant: Variant, flipped: bool, play: &PlayState) -> UnrolledShown {
    // Stacked levels have no seams to unroll.
    if !unrolled || crate::state::stack::is_stacked(&variant.rules().complex) {
        return UnrolledShown::Off;
    }
    if let Some(tiling) = Tiling::new(variant, flipped) {
        return UnrolledShown::Tiles(tiling);
    }
    match play.selection.selected.filter(|_| play.setup.is_none()) {
        Some(from) if play.shown().piece_at(from).is_some() => {
            UnrolledShown::Strips(Development::new(play.shown(), from))
        }
        _ => UnrolledShown::Off,
    }
}

/// Chooses what the view shows, and has the chart camera frame it.
pub(crate) fn choose_view(
    unrolled: Res<Unrolled>,
    flipped: Option<Res<Flipped>>,
    play: PlayState,
    mut shown: ResMut<UnrolledShown>,
    mut frame: ResMut<ChartFrame>,
) {
    let flip_changed = flipped.as_ref().is_some_and(|f| f.is_changed());
    if !unrolled.is_changed() && !flip_changed && !play.is_changed() {
        return;
    }
    let wanted = wanted_view(unrolled.0, play.variant(), flipped.is_some_and(|f| f.0), &play);
    if shown.set_if_neq(wanted) {
        // The chart camera frames the view on show (and the charts again once it is off).
        frame.0 = shown.frame();
    }
}

/// Spawns a pickable cell of the view.
fn spawn_cell(
    commands: &mut Commands,
    mesh: &Handle<Mesh>,
    material: Handle<FlatMaterial>,
    transform: Transform,
    cell: Cell,
    place: UnrolledCell,
) {
    commands
        .spawn((
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material),
            transform,
            CellPatch(cell),
            place,
            UnrolledPart,
            RenderLayers::layer(UNROLLED_LAYER),
        ))
        .observe(board::on_press)
        .observe(board::on_click)
        .observe(board::on_over)
        .observe(board::on_out);
}

/// Spawns one unpickable mesh of the view, unless it is empty (Bevy's mesh allocator rejects
/// empty meshes).
fn spawn_mesh(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    mesh: Mesh,
    material: Handle<FlatMaterial>,
    z: f32,
    marker: impl Bundle,
) {
    if mesh.count_vertices() == 0 {
        return;
    }
    commands.spawn((
        Mesh3d(meshes.add(mesh)),
        MeshMaterial3d(material),
        Transform::from_xyz(0.0, 0.0, z),
        marker,
        Pickable::IGNORE,
        RenderLayers::layer(UNROLLED_LAYER),
    ));
}

/// Strokes collected into one mesh.
#[derive(Default)]
struct Strokes {
    positions: Vec<Vec3>,
    indices: Vec<u32>,
}

impl Strokes {
    fn line(&mut self, a: Vec2, b: Vec2, half: f32) {
        push_stroke(a.extend(0.0), b.extend(0.0), Vec3::Z, half, &mut self.positions, &mut self.indices);
    }

    fn text(&mut self, text: &str, at: Vec2, height: f32) {
        push_flat_text(text, at, height, &mut self.positions, &mut self.indices);
        // The stroke font has no colon (genus two's `I:e5`): two dots in its gap.
        let scale = height / ASCENT;
        for (n, _) in text.chars().enumerate().filter(|&(_, c)| c == ':') {
            let x = (n as f32 * ADVANCE + WIDTH / 2.0 - text_width(text) / 2.0) * scale;
            for y in [0.15, 0.75] {
                self.ring(at + Vec2::new(x, (y - 0.5) * ASCENT * scale), 0.0, 0.6 * STROKE * scale);
            }
        }
    }

    /// A filled ring from radius `inner` to `outer` (a disc when `inner` is zero).
    fn ring(&mut self, centre: Vec2, inner: f32, outer: f32) {
        const SIDES: u32 = 28;
        let base = self.positions.len() as u32;
        for i in 0..SIDES {
            let d = Vec2::from_angle(i as f32 / SIDES as f32 * std::f32::consts::TAU);
            self.positions.push((centre + d * inner).extend(0.0));
            self.positions.push((centre + d * outer).extend(0.0));
        }
        for i in 0..SIDES {
            let (a, b) = (base + 2 * i, base + 2 * ((i + 1) % SIDES));
            self.indices.extend([a, a + 1, b + 1, a, b + 1, b]);
        }
    }

    fn mesh(self) -> Mesh {
        stroke_mesh(&self.positions, self.indices)
    }
}

fn build_view(
    mut commands: Commands,
    shown: Res<UnrolledShown>,
    palette: Option<Res<Palette>>,
    kit: Option<Res<Kit>>,
    parts: Query<Entity, With<UnrolledPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut built: Local<bool>,
) {
    let (Some(palette), Some(kit)) = (palette, kit) else { return };
    if *built && !shown.is_changed() {
        return;
    }
    *built = true;
    for e in &parts {
        commands.entity(e).despawn();
    }
    if !shown.active() {
        return;
    }
    // A backdrop in the panel's colour, wide enough for any pan and zoom.
    commands.spawn((
        Mesh3d(meshes.add(Rectangle::new(4000.0, 4000.0))),
        MeshMaterial3d(kit.backdrop.clone()),
        Transform::from_xyz(0.0, 0.0, -1.0),
        UnrolledPart,
        Pickable::IGNORE,
        RenderLayers::layer(UNROLLED_LAYER),
    ));
    let square = meshes.add(Rectangle::new(1.0, 1.0));
    match &*shown {
        UnrolledShown::Off => {}
        UnrolledShown::Tiles(tiling) => build_tiles(&mut commands, &mut meshes, &palette, &kit, &square, tiling),
        UnrolledShown::Strips(development) => {
            build_strips(&mut commands, &mut meshes, &palette, &kit, &square, development)
        }
    }
}

/// The copies' cells, names, seams, unglued edges and the original copy's outline.
fn build_tiles(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    palette: &Palette,
    kit: &Kit,
    square: &Handle<Mesh>,
    tiling: &Tiling,
) {
    let variant = tiling.variant;
    let complex = &variant.rules().complex;
    let (mut seams, mut edges, mut outline) = (Strokes::default(), Strokes::default(), Strokes::default());
    let mut names = [Strokes::default(), Strokes::default()];
    for tile in &tiling.tiles {
        for cell in complex.cells() {
            let class = base_class(variant, cell);
            let at = tiling.centre(tile, cell);
            let transform = Transform::from_translation(at.extend(0.0));
            spawn_cell(commands, square, palette.base[class].clone(), transform, cell, UnrolledCell::Copy(tile.index));
            // The name across the cell, under the piece where one stands.
            names[usize::from(!class.is_multiple_of(2))].text(&complex.name(cell), at, 0.3);
            for side in Dir::ALL {
                let (a, b) = tiling.side(tile, cell, side);
                match complex.gluing(cell, side) {
                    None => edges.line(a, b, 0.06),
                    Some(g) if complex.crosses_seam(cell, side.vector(), g.to, g.derivative) => seams.line(a, b, 0.035),
                    Some(_) => {}
                }
            }
        }
    }
    let corners = tiling.outline(tiling.original());
    for i in 0..4 {
        outline.line(corners[i], corners[(i + 1) % 4], 0.12);
    }
    for (ink, strokes) in kit.cell_names.iter().zip(names) {
        spawn_mesh(commands, meshes, strokes.mesh(), ink.clone(), 0.04, (UnrolledPart, CellNames));
    }
    // Under the edges and seams, so that the original's are rimmed in white.
    spawn_mesh(commands, meshes, outline.mesh(), kit.outline.clone(), 0.05, UnrolledPart);
    spawn_mesh(commands, meshes, edges.mesh(), kit.edge.clone(), 0.055, UnrolledPart);
    spawn_mesh(commands, meshes, seams.mesh(), palette.seam.clone(), 0.06, UnrolledPart);
}

/// The strips' cells (turned as the development lays them), their names, and the seams the
/// trails cross.
fn build_strips(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    palette: &Palette,
    kit: &Kit,
    square: &Handle<Mesh>,
    development: &Development,
) {
    let variant = development.variant;
    let complex = &variant.rules().complex;
    let (mut names, mut seams) = (Strokes::default(), Strokes::default());
    for (s, strip) in development.strips.iter().enumerate() {
        for (place, (placed, leg)) in strip.cells.iter().zip(&strip.legs).enumerate() {
            let cell = placed.cell;
            let transform = Transform::from_translation(placed.centre.extend(0.0))
                .with_rotation(Quat::from_rotation_z(placed.angle()));
            let material = palette.base[base_class(variant, cell)].clone();
            spawn_cell(commands, square, material, transform, cell, UnrolledCell::Strip { strip: s, place });
            names.text(&complex.name(cell), placed.label, LABEL_HEIGHT);
            if leg.entry_seam.is_some() {
                for (a, b) in entry_sides(leg) {
                    seams.line(placed.point(a), placed.point(b), 0.04);
                }
            }
        }
    }
    spawn_mesh(commands, meshes, names.mesh(), kit.names.clone(), 0.25, UnrolledPart);
    spawn_mesh(commands, meshes, seams.mesh(), palette.seam.clone(), 0.06, UnrolledPart);
}

/// Where a leg's line enters its cell, as strokes of the unit square: the side it crosses, or the
/// two sides' ends at the corner it crosses.
fn entry_sides(leg: &Leg) -> Vec<(Vec2, Vec2)> {
    let Some(d) = leg.entry else { return Vec::new() };
    let back = Vec2::new(-f32::from(d.x), -f32::from(d.y));
    let centre = Vec2::splat(0.5);
    if d.is_cardinal() {
        let mid = centre + back * 0.5;
        let along = back.perp() * 0.5;
        vec![(mid - along, mid + along)]
    } else {
        let corner = centre + back * 0.5;
        let (h, v) = (Vec2::new(back.x, 0.0), Vec2::new(0.0, back.y));
        vec![(corner, corner - h * 0.3), (corner, corner - v * 0.3)]
    }
}

/// The height of a glyph string so that it fits on a disc.
fn letter_height(glyph: &str) -> f32 {
    0.48f32.min(0.62 * ASCENT / text_width(glyph))
}

/// A piece's letter as it shows in copy `tile`: a pawn's arrow points the way it faces on the
/// screen there (down in a mirrored copy where it faces up in the chart).
pub fn tile_glyph(tiling: &Tiling, tile: &Tile, piece: Piece) -> String {
    let mut glyph = piece.role().letter().to_string();
    if tiling.variant.rules().facing_mode == FacingMode::Transported
        && let Some(f) = piece.facing()
    {
        glyph.push(if tiling.shows_up(tile, f == Facing::Up) { '↑' } else { '↓' });
    }
    glyph
}

/// The pieces, marks and rays, merged by material.
#[derive(Default)]
struct Drawing {
    discs: [Strokes; 2],
    letters: [Strokes; 2],
    rims: Strokes,
    marks: Strokes,
    rays: Strokes,
}

impl Drawing {
    fn piece(&mut self, at: Vec2, piece: Piece, glyph: &str) {
        let side = usize::from(piece.color() == Side::Black);
        self.discs[side].ring(at, 0.0, 0.4);
        self.rims.ring(at, 0.37, 0.42);
        self.letters[side].text(glyph, at, letter_height(glyph));
    }

    fn mark(&mut self, at: Vec2, capture: bool) {
        if capture { self.marks.ring(at, 0.36, 0.46) } else { self.marks.ring(at, 0.0, 0.13) }
    }

    fn leg(&mut self, leg: &Leg, place: impl Fn(Vec2) -> Vec2) {
        for (a, b) in [leg_segments(leg), leg_arrow(leg), leg_marks(leg)].concat() {
            self.rays.line(place(a), place(b), 0.045);
        }
    }
}

/// The view's colours: the board's palette and the view's own kit.
#[derive(bevy::ecs::system::SystemParam)]
struct Inks<'w> {
    palette: Option<Res<'w, Palette>>,
    kit: Option<Res<'w, Kit>>,
}

/// The view's kept drawings, and whether they were just made.
#[derive(bevy::ecs::system::SystemParam)]
struct Sheets<'w, 's> {
    drawings: Query<'w, 's, (&'static UnrolledDrawing, &'static Mesh3d, &'static mut Visibility)>,
    added: Query<'w, 's, (), Added<UnrolledDrawing>>,
}

/// The view's drawings with their materials and depths, made once (hidden until drawn).
fn spawn_drawings(commands: &mut Commands, meshes: &mut Assets<Mesh>, palette: &Palette, kit: &Kit) {
    let mut parts = Vec::new();
    for (side, (disc, ink)) in kit.colours.iter().enumerate() {
        parts.push((UnrolledDrawing::Discs(side), disc.clone(), 0.1));
        parts.push((UnrolledDrawing::Letters(side), ink.clone(), 0.2));
    }
    parts.push((UnrolledDrawing::Rims, kit.rim.clone(), 0.15));
    parts.push((UnrolledDrawing::Rays, kit.ray.clone(), 0.09));
    parts.push((UnrolledDrawing::Marks, palette.mark.clone(), 0.3));
    for (part, material, z) in parts {
        commands.spawn((
            drawing(meshes, material),
            Transform::from_xyz(0.0, 0.0, z),
            RenderLayers::layer(UNROLLED_LAYER),
            part,
        ));
    }
}

fn draw_position(
    mut commands: Commands,
    play: PlayState,
    shown: Res<UnrolledShown>,
    show_rays: Option<Res<ShowRays>>,
    inks: Inks,
    mut sheets: Sheets,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(palette), Some(kit)) = (inks.palette, inks.kit) else { return };
    if sheets.drawings.is_empty() {
        // Drawn once they exist (the next frame).
        spawn_drawings(&mut commands, &mut meshes, &palette, &kit);
        return;
    }
    let rays_changed = show_rays.as_ref().is_some_and(|r| r.is_changed());
    if !play.is_changed() && !shown.is_changed() && !rays_changed && sheets.added.is_empty() {
        return;
    }
    let rays_on = show_rays.is_none_or(|r| r.0) && play.setup.is_none();
    let mut drawing = Drawing::default();
    let pieces = play.pieces();
    let destinations = play.destinations();
    match &*shown {
        UnrolledShown::Off => {}
        UnrolledShown::Tiles(tiling) => {
            let legs = match play.selection.selected.filter(|_| rays_on) {
                Some(from) => piece_legs(play.shown(), from),
                None => Vec::new(),
            };
            for tile in &tiling.tiles {
                for &(cell, piece) in &pieces {
                    drawing.piece(tiling.centre(tile, cell), piece, &tile_glyph(tiling, tile, piece));
                }
                for &(cell, capture) in &destinations {
                    drawing.mark(tiling.centre(tile, cell), capture);
                }
                for leg in legs.iter().flatten() {
                    drawing.leg(leg, |p| tiling.point(tile, leg.cell, p));
                }
            }
        }
        UnrolledShown::Strips(development) => {
            let variant = play.variant();
            for strip in &development.strips {
                for (placed, leg) in strip.cells.iter().zip(&strip.legs) {
                    draw_placed(&mut drawing, variant, placed, &pieces, &destinations);
                    if rays_on {
                        drawing.leg(leg, |p| placed.point(p));
                    }
                }
            }
        }
    }
    for (part, mesh, visibility) in &mut sheets.drawings {
        let strokes = match *part {
            UnrolledDrawing::Discs(side) => &drawing.discs[side],
            UnrolledDrawing::Letters(side) => &drawing.letters[side],
            UnrolledDrawing::Rims => &drawing.rims,
            UnrolledDrawing::Rays => &drawing.rays,
            UnrolledDrawing::Marks => &drawing.marks,
        };
        redraw(&mut meshes, mesh, visibility, &strokes.positions, strokes.indices.clone());
    }
}

/// The piece and the destination mark on one cell of a strip.
fn draw_placed(
    drawing: &mut Drawing,
    variant: Variant,
    placed: &Placed,
    pieces: &[(Cell, Piece)],
    destinations: &[(Cell, bool)],
) {
    if let Some(&(_, piece)) = pieces.iter().find(|(c, _)| *c == placed.cell) {
        drawing.piece(placed.centre, piece, &piece_glyph(variant, piece));
    }
    if let Some(&(_, capture)) = destinations.iter().find(|(c, _)| *c == placed.cell) {
        drawing.mark(placed.centre, capture);
    }
}

/// The chart camera looks at the unrolled view while it is on show, else at the charts.
fn route_chart_camera(shown: Res<UnrolledShown>, mut cameras: Query<&mut RenderLayers, With<ChartCamera>>) {
    if !shown.is_changed() {
        return;
    }
    let layer = if shown.active() { UNROLLED_LAYER } else { CHART_LAYER };
    for mut layers in &mut cameras {
        let wanted = RenderLayers::layer(layer);
        if *layers != wanted {
            *layers = wanted;
        }
    }
}

/// The zoom factor for a wheel turn (`lines` notches, positive away from the user: closer).
pub fn zoom_factor(lines: f32) -> f32 {
    0.85f32.powf(lines)
}

/// The camera's new position and scale when zooming by `factor` about the point `offset` away from
/// its centre (in the plane), so that that point stays under the pointer. The scale stays within
/// 0.15–4 times the framed view.
pub fn zoom_about(position: Vec2, scale: f32, offset: Vec2, factor: f32) -> (Vec2, f32) {
    let new_scale = (scale * factor).clamp(0.15, 4.0);
    let k = new_scale / scale;
    (position + offset * (1.0 - k), new_scale)
}

/// Right or middle drag pans, the wheel zooms, while the pointer is over the chart view and the
/// unrolled view is on show.
fn pan_and_zoom(
    shown: Res<UnrolledShown>,
    windows: Query<&Window, With<PrimaryWindow>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut wheel: MessageReader<MouseWheel>,
    mut cameras: Query<(&Camera, &mut Transform, &mut Projection), With<ChartCamera>>,
    mut dragging: Local<Option<Vec2>>,
) {
    let turns: Vec<MouseWheel> = wheel.read().copied().collect();
    let (Some(buttons), Ok(window)) = (buttons, windows.single()) else { return };
    if !shown.active() {
        *dragging = None;
        return;
    }
    let Ok((camera, mut transform, mut projection)) = cameras.single_mut() else { return };
    let Projection::Orthographic(ortho) = &mut *projection else { return };
    let (Some(rect), Some(cursor)) = (camera.logical_viewport_rect(), window.cursor_position()) else {
        return;
    };
    // Plane units per logical pixel.
    let mut per_pixel = ortho.area.width() / rect.width().max(1.0);
    let drag_buttons = [MouseButton::Right, MouseButton::Middle];
    if buttons.any_just_pressed(drag_buttons) && rect.contains(cursor) {
        *dragging = Some(cursor);
    }
    if !buttons.any_pressed(drag_buttons) {
        *dragging = None;
    }
    if let Some(last) = *dragging {
        let moved = cursor - last;
        if moved != Vec2::ZERO {
            transform.translation.x -= moved.x * per_pixel;
            transform.translation.y += moved.y * per_pixel;
            *dragging = Some(cursor);
        }
    }
    if !rect.contains(cursor) {
        return;
    }
    for turn in turns {
        let lines = match turn.unit {
            MouseScrollUnit::Line => turn.y,
            MouseScrollUnit::Pixel => turn.y / 40.0,
        };
        if lines == 0.0 {
            continue;
        }
        let offset = (cursor - rect.center()) * Vec2::new(1.0, -1.0) * per_pixel;
        let (at, scale) = zoom_about(transform.translation.truncate(), ortho.scale, offset, zoom_factor(lines));
        transform.translation = at.extend(transform.translation.z);
        // The projection's area follows the scale only next frame.
        per_pixel *= scale / ortho.scale;
        ortho.scale = scale;
    }
}

/// Shows the copies' cell names only while a cell is large enough on the screen to read them.
fn names_by_zoom(
    cameras: Query<(&Camera, &Projection), With<ChartCamera>>,
    mut names: Query<&mut Visibility, With<CellNames>>,
) {
    let Ok((camera, Projection::Orthographic(ortho))) = cameras.single() else { return };
    let Some(rect) = camera.logical_viewport_rect() else { return };
    let pixels = rect.width() / ortho.area.width().max(1e-3);
    let wanted = if pixels >= NAMES_FROM_PIXELS { Visibility::Inherited } else { Visibility::Hidden };
    for mut visibility in &mut names {
        visibility.set_if_neq(wanted);
    }
}
