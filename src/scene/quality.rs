//! How the 3D view is lit (`--quality`). `low` draws with no light at all: shading is baked into
//! vertex colours, which a software renderer can afford. `high` lights the pieces and the
//! surface with a key light high above the far side of the view, which casts soft-edged shadows towards the viewer, and an
//! ambient fill. `auto` chooses by adapter: high on a hardware GPU, low on a software renderer.

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use clap::ValueEnum;
use wgpu_types::DeviceType;

/// The lighting asked for on the command line.
#[derive(Resource, ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Quality {
    /// High on a hardware GPU, low on a software renderer.
    #[default]
    Auto,
    /// Baked shading, no lights.
    Low,
    /// A key light with shadows, and ambient light.
    High,
}

/// The lighting in use, decided before the scene is built.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lighting {
    /// Shading baked into vertex colours; no lights.
    #[default]
    Baked,
    /// Lit materials, a key light casting shadows.
    Lit,
}

impl Lighting {
    /// The lighting for `quality` on an adapter that is (`Some(true)`) or is not a software
    /// renderer (`None`: no adapter, a headless app).
    pub fn of(quality: Quality, software: Option<bool>) -> Lighting {
        match (quality, software) {
            (Quality::High, _) | (Quality::Auto, Some(false)) => Lighting::Lit,
            _ => Lighting::Baked,
        }
    }

    /// Whether shading is baked into the meshes.
    pub fn baked(self) -> bool {
        self == Lighting::Baked
    }
}

/// Chooses the lighting before the scene is built (the cameras light the view, `camera`).
pub fn plugin(app: &mut App) {
    app.init_resource::<Lighting>().add_systems(PreStartup, choose_lighting);
}

fn choose_lighting(mut commands: Commands, quality: Option<Res<Quality>>, adapter: Option<Res<RenderAdapterInfo>>) {
    let software = adapter.map(|a| a.device_type == DeviceType::Cpu);
    let lighting = Lighting::of(quality.map(|q| *q).unwrap_or_default(), software);
    info!("lighting: {lighting:?}");
    commands.insert_resource(lighting);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_lights_hardware_and_bakes_for_software_and_headless() {
        assert_eq!(Lighting::of(Quality::Auto, Some(false)), Lighting::Lit);
        assert_eq!(Lighting::of(Quality::Auto, Some(true)), Lighting::Baked);
        assert_eq!(Lighting::of(Quality::Auto, None), Lighting::Baked);
        assert_eq!(Lighting::of(Quality::High, Some(true)), Lighting::Lit, "asked for");
        assert_eq!(Lighting::of(Quality::Low, Some(false)), Lighting::Baked, "asked for");
    }
}
