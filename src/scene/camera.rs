//! The cameras: an orbiting 3D camera over the surface in the viewport left of the side panel,
//! the chart view's orthographic camera above the panel, and the UI camera over the whole window.
//! R (or the panel's button) resets the 3D view to the board's home view (`views`). Without
//! lighting (`quality`) there are no lights: shading is baked into vertex colours for software
//! renderers; with it a key light rides with the 3D camera.

use crate::scene::board::Embedded;
use crate::scene::chart::{CHART_LAYER, ChartShown};
use crate::scene::facing::BoardSide;
pub use crate::scene::facing::ResetCamera;
use crate::scene::layout::{PANEL_WIDTH, chart_height};
use crate::scene::quality::Lighting;
use crate::scene::views::{View, home_view};
use crate::state::commands::Command;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::core_pipeline::tonemapping::{DebandDither, Tonemapping};
use bevy::light::{CascadeShadowConfigBuilder, GlobalAmbientLight, ShadowFilteringMethod};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::{PrimaryWindow, WindowResized};
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraPlugin};
use clap::ValueEnum;
use wgpu_types::DeviceType;

/// Multisampling of the 3D view.
#[derive(Resource, ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Antialias {
    /// 4× on a hardware GPU, off on a software renderer (where it costs a third of the frame).
    #[default]
    Auto,
    /// No multisampling.
    Off,
    /// 4× multisampling.
    #[value(name = "4")]
    Msaa4,
}

/// What the chart camera frames instead of the charts, as a centre and an extent: the unrolled
/// view's, while it is on show.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ChartFrame(pub Option<(Vec2, Vec2)>);

/// The 3D camera.
#[derive(Component, Clone, Copy, Debug)]
pub struct SurfaceCamera;

/// The second 3D camera, over the twin board while the 3D view is split ([`SplitView`]).
#[derive(Component, Clone, Copy, Debug)]
pub struct TwinCamera;

/// The render layer of the twin board (the surface is on layer 0, the chart on 1, the unrolled
/// view on 2).
pub const TWIN_LAYER: usize = 3;

/// A pose the home view is turned by (a guided tour's step): degrees round the board from the
/// home view, degrees above its plane, and times its distance. R and a new board come back to it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct HomePose(pub Option<(f32, f32, f32)>);

/// Whether the 3D view is split: the board on the left half, its twin on the right
/// ("what if it were not twisted?").
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitView(pub bool);

/// The system fitting the cameras' viewports to the window and the split.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ViewportsFitted;

/// The systems putting the camera back to the home view: after the board is built (so a new
/// board's reset comes in the frame it appears), before what is shown follows the game (so a
/// selection standing when the board appears turns the camera from there).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CameraReset;

/// The chart view's camera: orthographic, looking down on the charts' plane.
#[derive(Component, Clone, Copy, Debug)]
pub struct ChartCamera;

/// Cameras, lights and camera control.
pub fn plugin(app: &mut App) {
    app.add_plugins(PanOrbitCameraPlugin)
        .add_message::<ResetCamera>()
        .init_resource::<ChartFrame>()
        .init_resource::<SplitView>()
        .init_resource::<HomePose>()
        .init_resource::<Lighting>()
        .insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.11)))
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (
                fit_viewports.in_set(ViewportsFitted),
                frame_charts,
                choose_antialias,
                light_the_view.run_if(resource_equals(Lighting::Lit)),
                (reset_on_command, reset_on_new_board, apply_reset)
                    .chain()
                    .in_set(CameraReset)
                    .after(ViewportsFitted)
                    .after(crate::schedule::AppSystems::Build)
                    .before(crate::schedule::AppSystems::Show),
            ),
        );
}

fn spawn_cameras(mut commands: Commands) {
    // All the cameras draw into one target texture; only the last (the UI's) writes it to the
    // window.
    commands.spawn((
        Camera3d::default(),
        Camera { order: 0, output_mode: CameraOutputMode::Skip, ..default() },
        Msaa::Off,
        Tonemapping::None,
        DebandDither::Disabled,
        Transform::from_xyz(0.0, 8.0, 12.0).looking_at(Vec3::ZERO, Vec3::Y),
        orbit_controls(),
        SurfaceCamera,
    ));
    commands.spawn((
        Camera3d::default(),
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            output_mode: CameraOutputMode::Skip,
            is_active: false,
            ..default()
        },
        Msaa::Off,
        Tonemapping::None,
        DebandDither::Disabled,
        Transform::from_xyz(0.0, 8.0, 12.0).looking_at(Vec3::ZERO, Vec3::Y),
        orbit_controls(),
        RenderLayers::layer(TWIN_LAYER),
        TwinCamera,
    ));
    commands.spawn((
        Camera3d::default(),
        Camera { order: 2, clear_color: ClearColorConfig::None, output_mode: CameraOutputMode::Skip, ..default() },
        Projection::Orthographic(OrthographicProjection::default_3d()),
        Msaa::Off,
        Tonemapping::None,
        DebandDither::Disabled,
        Transform::from_xyz(0.0, 0.0, 20.0).looking_at(Vec3::ZERO, Vec3::Y),
        RenderLayers::layer(CHART_LAYER),
        ChartCamera,
    ));
    commands.spawn((
        Camera2d,
        Camera { order: 3, clear_color: ClearColorConfig::None, ..default() },
        Msaa::Off,
        IsDefaultUiCamera,
    ));
}

/// The 3D camera's controls: the left button (one finger) orbits, the right button (two
/// fingers) pans, the wheel (a pinch) zooms.
pub fn orbit_controls() -> PanOrbitCamera {
    PanOrbitCamera { button_orbit: MouseButton::Left, button_pan: MouseButton::Right, ..default() }
}

/// Frames the charts in the chart view whenever they are rebuilt, or the [`ChartFrame`] while one
/// is set (whenever it changes, and on R, undoing the unrolled view's pan and zoom).
fn frame_charts(
    shown: Option<Res<ChartShown>>,
    frame: Res<ChartFrame>,
    mut resets: MessageReader<ResetCamera>,
    mut cameras: Query<(&mut Projection, &mut Transform), With<ChartCamera>>,
) {
    let reset = resets.read().count() > 0;
    let Some(shown) = shown else { return };
    if !shown.is_changed() && !frame.is_changed() && !reset {
        return;
    }
    let (centre, size) = frame.0.unwrap_or((Vec2::ZERO, shown.0.size + Vec2::new(2.0, 2.4)));
    for (mut projection, mut transform) in &mut cameras {
        if let Projection::Orthographic(ortho) = &mut *projection {
            ortho.scaling_mode = ScalingMode::AutoMin { min_width: size.x, min_height: size.y };
            ortho.scale = 1.0;
        }
        transform.translation = centre.extend(transform.translation.z);
    }
}

/// Multisamples the views where that is cheap. Both cameras get the same sample count so that
/// they keep sharing one target texture.
fn choose_antialias(
    antialias: Option<Res<Antialias>>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut cameras: Query<&mut Msaa, With<Camera>>,
    mut done: Local<bool>,
) {
    let Some(adapter) = adapter.filter(|_| !*done) else { return };
    *done = true;
    let software = adapter.device_type == DeviceType::Cpu;
    let multisample = match antialias.map(|a| *a).unwrap_or_default() {
        Antialias::Auto => !software,
        Antialias::Off => false,
        Antialias::Msaa4 => true,
    };
    if multisample {
        for mut msaa in &mut cameras {
            *msaa = Msaa::Sample4;
        }
    }
}

/// The key light rides with the 3D camera, high above the far side of the view and to the left,
/// so that whatever side of the surface is on show is lit and the pieces' shadows fall towards
/// the viewer, where they are seen; the ambient light fills the shadows.
fn light_the_view(mut commands: Commands, cameras: Query<Entity, Added<SurfaceCamera>>) {
    for camera in &cameras {
        commands.insert_resource(GlobalAmbientLight { brightness: 180.0, ..default() });
        commands.entity(camera).insert(ShadowFilteringMethod::Gaussian).with_child((
            DirectionalLight { illuminance: 2_500.0, shadow_maps_enabled: true, ..default() },
            CascadeShadowConfigBuilder {
                num_cascades: 2,
                first_cascade_far_bound: 30.0,
                maximum_distance: 90.0,
                ..default()
            }
            .build(),
            Transform::default().looking_to(Vec3::new(0.5, -1.0, 0.4), Vec3::Y),
        ));
    }
}

/// The Reset camera button and key.
fn reset_on_command(mut commands: MessageReader<Command>, mut reset: MessageWriter<ResetCamera>) {
    if commands.read().any(|&c| c == Command::ResetCamera) {
        reset.write(ResetCamera);
    }
}

/// A new board, or the view split or joined again: back to the home view (in the new shape).
fn reset_on_new_board(embedded: Option<Res<Embedded>>, split: Res<SplitView>, mut reset: MessageWriter<ResetCamera>) {
    if embedded.is_some_and(|e| e.is_changed()) || split.is_changed() {
        reset.write(ResetCamera);
    }
}

fn apply_reset(
    mut resets: MessageReader<ResetCamera>,
    embedded: Option<Res<Embedded>>,
    side: Option<Res<BoardSide>>,
    pose: Res<HomePose>,
    mut cameras: Query<(&mut PanOrbitCamera, &Camera), With<SurfaceCamera>>,
) {
    if resets.read().count() == 0 && !pose.is_changed() {
        return;
    }
    let Some(embedded) = embedded else { return };
    let facing = side.map_or(surface_chess_rules::Color::White, |s| s.facing());
    let (focus, view, radius) = home_view(&embedded.0, facing);
    let home = match pose.0 {
        Some((yaw, pitch, distance)) => (
            focus,
            View { yaw: view.yaw + yaw.to_radians(), pitch: pitch.to_radians().clamp(-1.45, 1.45) },
            radius * distance,
        ),
        None => (focus, view, radius),
    };
    for (mut camera, view) in &mut cameras {
        aim(&mut camera, widened(home, view));
    }
}

/// The narrowest viewport (width over height) the home views are made for: the 3D view of a
/// landscape window beside the panel.
const HOME_ASPECT: f32 = 1.15;

/// A home view stepped back as far as a narrower viewport needs (the field of view is vertical,
/// so a narrow view sees less across): half of a split 3D view shows the whole board too.
pub fn widened((focus, view, radius): (Vec3, View, f32), camera: &Camera) -> (Vec3, View, f32) {
    let aspect = camera.viewport.as_ref().map_or(HOME_ASPECT, |v| {
        let size = v.physical_size.as_vec2();
        size.x / size.y.max(1.0)
    });
    // Not the whole ratio: the boards are rounder than the view is wide.
    (focus, view, radius * (HOME_ASPECT / aspect.max(0.1)).max(1.0).powf(0.75))
}

/// Puts an orbit camera at once on a view: its focus, direction and distance.
pub fn aim(camera: &mut PanOrbitCamera, (focus, View { yaw, pitch }, radius): (Vec3, View, f32)) {
    // Both the current and the target values: before its first update the camera would
    // otherwise initialise itself from its transform.
    camera.focus = focus;
    camera.yaw = Some(yaw);
    camera.pitch = Some(pitch);
    camera.radius = Some(radius);
    camera.target_focus = focus;
    camera.target_yaw = yaw;
    camera.target_pitch = pitch;
    camera.target_radius = radius;
    camera.force_update = true;
}

/// Keeps the 3D view left of the panel (split in two halves, the twin's on the right, while
/// [`SplitView`] is on) and the chart view above it.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn fit_viewports(
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut surface: Query<&mut Camera, (With<SurfaceCamera>, Without<ChartCamera>, Without<TwinCamera>)>,
    mut twin: Query<&mut Camera, (With<TwinCamera>, Without<ChartCamera>)>,
    mut chart: Query<&mut Camera, With<ChartCamera>>,
    ui_scale: Option<Res<UiScale>>,
    split: Res<SplitView>,
    mut done: Local<bool>,
) {
    let rescaled = ui_scale.as_ref().is_some_and(|s| s.is_changed());
    if resized.read().count() == 0 && *done && !rescaled && !split.is_changed() {
        return;
    }
    let Ok(window) = windows.single() else { return };
    let size = window.physical_size();
    // The panel's logical pixels are scaled by the system and by `--ui-scale`.
    let scale = window.scale_factor() * ui_scale.map_or(1.0, |s| s.0);
    let panel = ((PANEL_WIDTH * scale) as u32).min(size.x.saturating_sub(1));
    let left = size.x - panel;
    let chart_px = ((chart_height(size.y as f32 / scale) * scale) as u32).clamp(1, size.y.max(1));
    let own = if split.0 { left / 2 } else { left };
    for mut camera in &mut surface {
        camera.viewport = Some(Viewport {
            physical_position: UVec2::ZERO,
            physical_size: UVec2::new(own.max(1), size.y.max(1)),
            ..default()
        });
    }
    for mut camera in &mut twin {
        camera.is_active = split.0;
        camera.viewport = Some(Viewport {
            physical_position: UVec2::new(own.min(left.saturating_sub(1)), 0),
            physical_size: UVec2::new((left - own).max(1), size.y.max(1)),
            ..default()
        });
    }
    for mut camera in &mut chart {
        camera.viewport = Some(Viewport {
            physical_position: UVec2::new(left, 0),
            physical_size: UVec2::new(panel.max(1), chart_px),
            ..default()
        });
    }
    *done = true;
}
