//! The 3D board: the embedded surface as one pickable patch per cell, the cell grid, the seams,
//! the cone points, the palette and the destination marks; clicks on a patch become picks.

use crate::scene::flat::FlatMaterial;
use crate::scene::kept::{Kept, Placed, lay_out};
use crate::scene::quality::Lighting;
use crate::scene::sheet::{self, CellPaint, CellSheet};
use crate::scene::surface::{self, Surface};
use crate::state::commands::{Command, View, toggled};
use crate::state::game::CurrentGame;
use crate::state::messages::CellPicked;
use crate::state::play::PlayState;
use crate::state::selection::Hovered;
use bevy::picking::events::{Click, Out, Over, Pointer, Press};
use bevy::picking::mesh_picking::ray_cast::RayCastBackfaces;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Variant};

/// The embedded surface of the variant being played (rebuilt when the variant changes).
#[derive(Resource, Clone, Debug)]
pub struct Embedded(pub Surface);

/// A cell's patch of the 3D surface.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPatch(pub Cell);

/// The cell names written on the surface (one mesh per ink).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct CellLabels;

/// Whether the cell names show on the surface (key L, the panel's button).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowLabels(pub bool);

impl Default for ShowLabels {
    fn default() -> Self {
        ShowLabels(true)
    }
}

/// Everything spawned for the current board, despawned when the variant changes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct BoardPart;

/// Turn the camera to face this cell, centred (a double-click).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CentreOn(pub Cell);

/// A destination mark on a cell (dot for a quiet move, ring for a capture).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DestinationMark;

/// A part of the 3D board drawn on one level (cells, grid, names): it fades with its level.
/// Pieces are not marked: their level is their cell's.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnLevel(pub u8);

/// The seam colour, and its colour while a move crosses a seam.
pub const SEAM: Color = Color::srgb(0.85, 0.12, 0.10);
/// The seams' colour while a move crosses one.
pub const SEAM_LIT: Color = Color::srgb(1.0, 0.9, 0.2);

/// Where and when the pointer was pressed: a click that moved further is a camera drag, not a
/// pick, and a finger held still asks for an explanation ([`press_outcome`]).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub(crate) struct PressedAt(Option<(Vec2, f32)>);

/// The most a press may move before it counts as a drag, in pixels.
const DRAG_SLOP: f32 = 6.0;

/// How long a finger must stay still on a cell to have it explained instead of picked.
pub const LONG_PRESS_SECONDS: f32 = 0.5;

/// The longest gap between the two clicks of a double-click.
const DOUBLE_CLICK_SECONDS: f32 = 0.35;

/// Cell colours and highlight materials.
#[derive(Resource, Clone, Debug)]
pub struct Palette {
    /// Base colours: colour classes on M/K/flat boards, chart tints on genus two, then the
    /// levels' colour classes, one tint per level (see [`base_class`]).
    pub base: [Handle<FlatMaterial>; 10],
    /// The selected piece's cell.
    pub selected: Handle<FlatMaterial>,
    /// Cells of the last move.
    pub last: Handle<FlatMaterial>,
    /// A checked king's cell.
    pub check: Handle<FlatMaterial>,
    /// The cell under the pointer.
    pub hover: Handle<FlatMaterial>,
    /// Cells of the engine's hint.
    pub hint: Handle<FlatMaterial>,
    /// Cells an explanation blames (blocker, attacker, cone point, edge).
    pub culprit: Handle<FlatMaterial>,
    /// Destination marks.
    pub mark: Handle<FlatMaterial>,
    /// Grid lines.
    pub grid: Handle<FlatMaterial>,
    /// Seam lines.
    pub seam: Handle<FlatMaterial>,
    /// Cone point marks.
    pub cone: Handle<FlatMaterial>,
    /// Label ink: light (on the darker colour classes), dark (on the lighter ones).
    pub ink: [Handle<FlatMaterial>; 2],
    /// The cell sheets' materials: opaque, and translucent (stacked levels).
    pub sheet: [Handle<FlatMaterial>; 2],
}

/// The colour class of a cell: parity on single-chart boards (M, K, Endless, the flat board); on
/// a board of several charts (genus two, the sphere) the chart's tint, two in turn, and a
/// within-chart shade that claims nothing;
/// on stacked levels parity again (each level is a chessboard), tinted by level. Even classes are
/// the darker shades; a1 is dark, as on a chessboard.
pub fn base_class(variant: Variant, cell: Cell) -> usize {
    let complex = &variant.rules().complex;
    let at = complex.coord(cell);
    let shade = usize::from(!(at.file + at.rank).is_multiple_of(2));
    if let Some(level) = crate::state::stack::level_of(complex, cell) {
        LEVEL_CLASSES + 2 * usize::from(level) + shade
    } else if complex.charts().len() > 1 {
        // Two tints in turn (genus two's charts; the sphere's faces, a face and the next apart).
        2 * usize::from(at.chart % 2) + shade
    } else {
        shade
    }
}

/// The first of the levels' colour classes (two per level).
const LEVEL_CLASSES: usize = 4;

/// Builds and highlights the 3D board.
pub fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .add_message::<CentreOn>()
        .init_resource::<PressedAt>()
        .init_resource::<ShowLabels>()
        .add_plugins(palette_plugin)
        .add_systems(
            Update,
            (
                toggle_labels.in_set(crate::schedule::AppSystems::Rules),
                rebuild_board.in_set(crate::schedule::AppSystems::Build),
                (mark_destinations, show_labels).in_set(crate::schedule::AppSystems::Show),
                paint_sheets.in_set(crate::schedule::AppSystems::Paint),
            ),
        );
}

/// The board's materials (also used by the chart view).
pub fn palette_plugin(app: &mut App) {
    app.init_resource::<Lighting>().add_systems(Startup, make_palette);
}

/// The Labels button and key.
fn toggle_labels(mut commands: MessageReader<Command>, mut show: ResMut<ShowLabels>) {
    if toggled(&mut commands, View::Labels) {
        show.0 = !show.0;
    }
}

fn show_labels(
    show: Res<ShowLabels>,
    mut labels: Query<&mut Visibility, With<CellLabels>>,
    added: Query<(), Added<CellLabels>>,
) {
    if !show.is_changed() && added.is_empty() {
        return;
    }
    for mut visibility in &mut labels {
        *visibility = if show.0 { Visibility::Inherited } else { Visibility::Hidden };
    }
}

fn make_palette(mut commands: Commands, mut materials: ResMut<Assets<FlatMaterial>>, lighting: Res<Lighting>) {
    // Shading is baked into the patches' vertex colours (see `surface::shade`).
    let mut lit = |color: Color| materials.add(FlatMaterial::two_sided(color));
    let base = [
        lit(Color::srgb(0.42, 0.50, 0.62)),
        lit(Color::srgb(0.86, 0.87, 0.82)),
        lit(Color::srgb(0.46, 0.60, 0.78)),
        lit(Color::srgb(0.64, 0.76, 0.90)),
        // The levels, bottom up: wood, sage, slate (dark and light squares).
        lit(Color::srgb(0.55, 0.42, 0.30)),
        lit(Color::srgb(0.90, 0.80, 0.64)),
        lit(Color::srgb(0.36, 0.52, 0.40)),
        lit(Color::srgb(0.80, 0.89, 0.76)),
        lit(Color::srgb(0.38, 0.44, 0.64)),
        lit(Color::srgb(0.80, 0.84, 0.95)),
    ];
    let selected = lit(Color::srgb(0.95, 0.80, 0.25));
    let last = lit(Color::srgb(0.72, 0.80, 0.42));
    let check = lit(Color::srgb(0.90, 0.30, 0.25));
    let hover = lit(Color::srgb(0.55, 0.85, 0.80));
    let hint = lit(Color::srgb(0.72, 0.52, 0.92));
    let culprit = lit(Color::srgb(0.95, 0.45, 0.55));
    let mark = lit(Color::srgb(0.15, 0.65, 0.35));
    // Lines are lifted off the surface on both sides (line lists take no depth bias).
    let grid = lit(Color::srgb(0.12, 0.14, 0.18));
    let seam = lit(SEAM);
    let cone = lit(Color::srgb(1.0, 0.85, 0.1));
    let ink = [
        materials.add(FlatMaterial::solid(Color::srgb(0.86, 0.89, 0.94))),
        materials.add(FlatMaterial::solid(Color::srgb(0.16, 0.19, 0.26))),
    ];
    let lit = !lighting.baked();
    let sheet = [false, true].map(|translucent| materials.add(FlatMaterial::sheet(translucent).lit(lit)));
    commands.insert_resource(Palette {
        base,
        selected,
        last,
        check,
        hover,
        hint,
        culprit,
        mark,
        grid,
        seam,
        cone,
        ink,
        sheet,
    });
}

/// Spawns the board when the game's variant differs from the board's (and at start).
fn rebuild_board(
    mut commands: Commands,
    current: Res<CurrentGame>,
    embedded: Option<Res<Embedded>>,
    palette: Res<Palette>,
    parts: Query<Entity, With<BoardPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    lighting: Res<Lighting>,
) {
    let variant = current.variant();
    if embedded.as_ref().is_some_and(|e| e.0.variant == variant) {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let surface = Surface::new(variant);
    let complex = &variant.rules().complex;
    for cell in complex.cells() {
        // A patch is the cell's pick target, its look drawn by its level's sheet (a mesh without
        // a material is not drawn).
        let centre = surface.centre(cell);
        let mut patch = commands.spawn((
            Mesh3d(meshes.add(surface::cell_mesh(&surface, cell).translated_by(-centre))),
            Transform::from_translation(centre),
            Visibility::default(),
            CellPatch(cell),
            CellPaint(palette.base[base_class(surface.variant, cell)].clone()),
            // A one-sided surface is picked from either side.
            RayCastBackfaces,
            BoardPart,
        ));
        patch.observe(on_press).observe(on_click).observe(on_over).observe(on_out);
        if let Some(level) = surface.level(cell) {
            patch.insert(OnLevel(level));
        }
    }
    for (sheet, cells) in spawn_look(&mut commands, &mut meshes, &palette, &lighting, &surface, BoardPart) {
        commands.entity(sheet).insert(cells);
    }
    commands.insert_resource(Embedded(surface));
}

/// Spawns how a board looks, each part with `extra` (a marker, a render layer): its cell sheets,
/// grid, cell names, seams and cone points. Returns each sheet's entity and cells; the sheet is
/// painted by whoever owns it (every cell white until then).
pub fn spawn_look(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    palette: &Palette,
    lighting: &Lighting,
    surface: &Surface,
    extra: impl Bundle + Clone,
) -> Vec<(Entity, CellSheet)> {
    let complex = &surface.variant.rules().complex;
    let mut sheets = Vec::new();
    let size = surface.cell_size();
    let part =
        |commands: &mut Commands, bundle: (Mesh3d, MeshMaterial3d<FlatMaterial>), at: Vec3, level: Option<OnLevel>| {
            let mut part = commands.spawn((
                bundle,
                Transform::from_translation(at),
                Visibility::default(),
                extra.clone(),
                Pickable::IGNORE,
            ));
            if let Some(level) = level {
                part.insert(level);
            }
            part.id()
        };
    // Cells, grid and names one level at a time on stacked boards (a level fades as a whole).
    let groups: Vec<Option<u8>> = if surface.stacked() {
        (0..complex.charts().len() as u8).filter(|&c| complex.charts()[usize::from(c)].is_level()).map(Some).collect()
    } else {
        vec![None]
    };
    for group in groups {
        let in_group = |c: &Cell| surface.level(*c) == group;
        let level = group.map(OnLevel);
        // The group's cells in one mesh, standing at their middle (translucent levels are drawn
        // sorted by where they stand; the fading of levels is the sheet's paint, not its level).
        let cells: Vec<Cell> = complex.cells().filter(in_group).collect();
        let middle = cells.iter().map(|&c| surface.centre(c)).sum::<Vec3>() / cells.len().max(1) as f32;
        let (mesh, sheet) = sheet::sheet(surface, cells, middle, lighting.baked());
        let material = palette.sheet[usize::from(group.is_some())].clone();
        let entity = part(commands, (Mesh3d(meshes.add(mesh)), MeshMaterial3d(material)), middle, None);
        sheets.push((entity, sheet));
        let grid = surface::grid_lines(surface, size * 0.004, complex.cells().filter(in_group));
        part(commands, (Mesh3d(meshes.add(grid)), MeshMaterial3d(palette.grid.clone())), Vec3::ZERO, level);
        for (ink, on_dark) in palette.ink.iter().zip([true, false]) {
            let cells = complex
                .cells()
                .filter(in_group)
                .filter(|&c| base_class(surface.variant, c).is_multiple_of(2) == on_dark);
            let mesh = surface::label_mesh(surface, size * 0.006, cells);
            let labels = part(commands, (Mesh3d(meshes.add(mesh)), MeshMaterial3d(ink.clone())), Vec3::ZERO, level);
            commands.entity(labels).insert(CellLabels);
        }
    }
    let seams = surface::seam_lines(surface, size * 0.008);
    // The flat board has no seams; Bevy's mesh allocator rejects empty meshes.
    if seams.count_vertices() > 0 {
        part(commands, (Mesh3d(meshes.add(seams)), MeshMaterial3d(palette.seam.clone())), Vec3::ZERO, None);
    }
    let cone_mesh = meshes.add(Sphere::new(size * 0.12).mesh().ico(2).expect("small ico sphere"));
    for &v in &surface.cones {
        let at = surface.positions[v as usize];
        part(commands, (Mesh3d(cone_mesh.clone()), MeshMaterial3d(palette.cone.clone())), at, None);
    }
    sheets
}

pub(crate) fn on_press(event: On<Pointer<Press>>, time: Res<Time<Real>>, mut pressed: ResMut<PressedAt>) {
    pressed.0 = Some((event.pointer_location.position, time.elapsed_secs()));
}

/// What a press that has ended did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressOutcome {
    /// A click or tap: the cell is picked.
    Pick,
    /// It moved: the camera was dragged.
    Drag,
    /// A finger held still: the cell is explained ("why not?"), not picked.
    Explain,
}

/// The outcome of a press that moved `moved` pixels and was held `held` seconds, by a finger
/// (`touch`) or a mouse.
pub fn press_outcome(moved: f32, held: f32, touch: bool) -> PressOutcome {
    match () {
        _ if moved > DRAG_SLOP => PressOutcome::Drag,
        _ if touch && held >= LONG_PRESS_SECONDS => PressOutcome::Explain,
        _ => PressOutcome::Pick,
    }
}

pub(crate) fn on_click(
    event: On<Pointer<Click>>,
    patches: Query<&CellPatch>,
    pressed: Res<PressedAt>,
    time: Res<Time<Real>>,
    mut last: Local<Option<(Cell, f32)>>,
    mut picks: MessageWriter<CellPicked>,
    mut centre: MessageWriter<CentreOn>,
) {
    let now = time.elapsed_secs();
    let (moved, held) =
        pressed.0.map_or((0.0, 0.0), |(at, since)| (at.distance(event.pointer_location.position), now - since));
    let outcome = press_outcome(moved, held, event.pointer_id.is_touch());
    // A long press leaves the cell pointed (a finger does not hover): the panel explains it.
    if event.button != PointerButton::Primary || outcome != PressOutcome::Pick {
        return;
    }
    let Ok(&CellPatch(cell)) = patches.get(event.event_target()) else { return };
    if last.is_some_and(|(c, at)| c == cell && now - at < DOUBLE_CLICK_SECONDS) {
        // The second click of a double-click centres the cell (the first one picked it).
        centre.write(CentreOn(cell));
        *last = None;
        return;
    }
    *last = Some((cell, now));
    picks.write(CellPicked(cell));
}

pub(crate) fn on_over(event: On<Pointer<Over>>, patches: Query<&CellPatch>, mut hovered: ResMut<Hovered>) {
    if let Ok(&CellPatch(cell)) = patches.get(event.event_target()) {
        hovered.set_if_neq(Hovered(Some(cell)));
    }
}

pub(crate) fn on_out(event: On<Pointer<Out>>, patches: Query<&CellPatch>, mut hovered: ResMut<Hovered>) {
    // A finger leaves the screen, not the cell: the last cell touched stays pointed.
    if event.pointer_id.is_touch() {
        return;
    }
    if patches.get(event.event_target()).is_ok_and(|p| Some(p.0) == hovered.0) {
        hovered.set_if_neq(Hovered(None));
    }
}

/// The destination mark meshes for a board's cell size.
#[derive(Clone, Debug)]
pub struct MarkMeshes {
    /// A quiet move's dot.
    pub dot: Handle<Mesh>,
    /// A capture's ring.
    pub ring: Handle<Mesh>,
    size: f32,
}

impl MarkMeshes {
    /// The marks for `surface`, made again only when its cell size differs from `kept`'s.
    pub fn for_surface(kept: &mut Option<MarkMeshes>, meshes: &mut Assets<Mesh>, surface: &Surface) -> MarkMeshes {
        let size = surface.cell_size();
        if kept.as_ref().is_none_or(|c| c.size != size) {
            let dot = meshes.add(Cylinder::new(size * 0.14, size * 0.02));
            let ring = meshes.add(Torus::new(size * 0.26, size * 0.34));
            *kept = Some(MarkMeshes { dot, ring, size });
        }
        kept.clone().expect("made")
    }

    /// Where a mark on `cell` lies on `side` (±1) of the surface, flat on it.
    pub fn at(surface: &Surface, cell: Cell, side: f32) -> Transform {
        let n = surface.centre_normal(cell);
        let at = surface.centre(cell) + n * side * surface.cell_size() * 0.03;
        Transform::from_translation(at).with_rotation(Quat::from_rotation_arc(Vec3::Y, n))
    }
}

/// Dots on quiet destinations and rings on captures, on both sides of the surface. The marks are
/// kept: moved to the destinations on show, and the rest hidden (more are made when needed).
fn mark_destinations(
    mut commands: Commands,
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    palette: Res<Palette>,
    mut marks: Kept<FlatMaterial, DestinationMark>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut cache: Local<Option<MarkMeshes>>,
) {
    let Some(embedded) = embedded else { return };
    if !play.is_changed() && !embedded.is_changed() {
        return;
    }
    let surface = &embedded.0;
    let MarkMeshes { dot, ring, .. } = MarkMeshes::for_surface(&mut cache, &mut meshes, surface);
    let wanted = play.destinations().into_iter().flat_map(|(cell, capture)| {
        let mesh = if capture { ring.clone() } else { dot.clone() };
        let material = palette.mark.clone();
        surface.sides().iter().map(move |&side| Placed {
            mesh: mesh.clone(),
            material: material.clone(),
            at: MarkMeshes::at(surface, cell, side),
            tag: DestinationMark,
        })
    });
    lay_out(&mut commands, &mut marks, wanted, ());
}

/// Paints every changed cell look into the sheet that draws the cell.
fn paint_sheets(
    painted: Query<(&CellPatch, &CellPaint), Changed<CellPaint>>,
    sheets: Query<(&CellSheet, &Mesh3d)>,
    materials: Res<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    if painted.is_empty() {
        return;
    }
    let colours: Vec<(Cell, LinearRgba)> =
        painted.iter().filter_map(|(&CellPatch(cell), paint)| Some((cell, materials.get(&paint.0)?.color))).collect();
    for (cells, mesh) in &sheets {
        if colours.iter().any(|&(cell, _)| cells.span(cell).is_some())
            && let Some(mut mesh) = meshes.get_mut(&mesh.0)
        {
            sheet::paint(cells, &mut mesh, &colours);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tap_picks_a_drag_turns_the_camera_and_a_held_finger_explains() {
        assert_eq!(press_outcome(2.0, 0.1, true), PressOutcome::Pick, "a tap");
        assert_eq!(press_outcome(2.0, 2.0, false), PressOutcome::Pick, "a slow click is still a click");
        assert_eq!(press_outcome(40.0, 0.2, true), PressOutcome::Drag, "one finger dragged: the camera turns");
        assert_eq!(press_outcome(40.0, 0.2, false), PressOutcome::Drag);
        assert_eq!(press_outcome(3.0, LONG_PRESS_SECONDS, true), PressOutcome::Explain, "a long press");
        assert_eq!(press_outcome(30.0, 1.0, true), PressOutcome::Drag, "held but moving: a drag");
    }

    #[test]
    fn a1_is_dark_and_h1_light() {
        let complex = &Variant::Chess.rules().complex;
        let class = |name: &str| base_class(Variant::Chess, complex.parse_cell(name).unwrap());
        assert_eq!((class("a1"), class("h1"), class("d1"), class("e1")), (0, 1, 1, 0));
        let g = &Variant::Genus2.rules().complex;
        let g_class = |name: &str| base_class(Variant::Genus2, g.parse_cell(name).unwrap());
        assert_eq!((g_class("I:a1"), g_class("I:b1"), g_class("II:a1"), g_class("II:b1")), (0, 1, 2, 3));
    }
}
