//! The flat material: a colour times the mesh's vertex colour, without lighting. Shading is baked
//! into vertex colours, so a fragment costs a few instructions even on a software renderer,
//! where Bevy's `StandardMaterial` (even unlit) is several times slower. A piece's material adds
//! a rim, an outline in a contrasting colour; with `--quality high` the pieces' and the
//! surface's materials are lit by the view's lights and receive shadows (`quality`).

use bevy::asset::embedded_asset;
use bevy::mesh::MeshVertexBufferLayoutRef;
use bevy::pbr::{MaterialPipeline, MaterialPipelineKey};
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, RenderPipelineDescriptor, SpecializedMeshPipelineError};
use bevy::shader::ShaderRef;

/// An unlit colour, multiplied by the vertex colour where the mesh has one; blended when the
/// colour's alpha is below 1 (the stacked levels' translucent boards and faded levels).
#[derive(Asset, TypePath, AsBindGroup, Clone, Debug)]
#[bind_group_data(FlatKey)]
pub struct FlatMaterial {
    /// The colour.
    #[uniform(0)]
    pub color: LinearRgba,
    /// The outline's colour where the surface turns away from the eye; its alpha is its
    /// strength (0: none).
    #[uniform(0)]
    pub rim: LinearRgba,
    /// Draw both faces of each triangle (for open surfaces); closed solids cull back faces.
    pub two_sided: bool,
    /// Blended even at full opacity: the vertex colours carry the opacity (a stacked level's
    /// cell sheet).
    pub translucent: bool,
    /// Lit by the view's lights (the vertex colours are then the albedo, not baked shading).
    pub lit: bool,
}

impl FlatMaterial {
    /// A material for closed solids.
    pub fn solid(color: Color) -> Self {
        Self { color: color.into(), rim: LinearRgba::NONE, two_sided: false, translucent: false, lit: false }
    }

    /// A material seen from both sides (surfaces, lines).
    pub fn two_sided(color: Color) -> Self {
        Self { color: color.into(), rim: LinearRgba::NONE, two_sided: true, translucent: false, lit: false }
    }

    /// The material of a cell sheet: white, two-sided, blended when `translucent` (the cells'
    /// colours and opacities are the sheet's vertex colours).
    pub fn sheet(translucent: bool) -> Self {
        Self { color: LinearRgba::WHITE, rim: LinearRgba::NONE, two_sided: true, translucent, lit: false }
    }

    /// The same material with an outline of `rim` (its alpha the strength).
    pub fn with_rim(self, rim: Color) -> Self {
        Self { rim: rim.into(), ..self }
    }

    /// The same material, lit by the view's lights when `lit`.
    pub fn lit(self, lit: bool) -> Self {
        Self { lit, ..self }
    }

    /// The same material with its opacity multiplied by `alpha` (blended below 1).
    pub fn faded(&self, alpha: f32) -> Self {
        let mut color = self.color;
        color.alpha *= alpha;
        Self { color, ..self.clone() }
    }
}

/// What the render pipeline depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlatKey {
    two_sided: bool,
    rim: bool,
    lit: bool,
}

impl From<&FlatMaterial> for FlatKey {
    fn from(material: &FlatMaterial) -> Self {
        Self { two_sided: material.two_sided, rim: material.rim.alpha > 0.0, lit: material.lit }
    }
}

impl Material for FlatMaterial {
    fn vertex_shader() -> ShaderRef {
        "embedded://surface_chess/scene/flat.wgsl".into()
    }

    fn fragment_shader() -> ShaderRef {
        "embedded://surface_chess/scene/flat.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        if self.color.alpha < 1.0 || self.translucent { AlphaMode::Blend } else { AlphaMode::Opaque }
    }

    fn enable_prepass() -> bool {
        false
    }

    /// Shadows are cast only where a light casts them (`--quality high`); without one the
    /// shadow pass has nothing to draw.
    fn enable_shadows() -> bool {
        true
    }

    fn specialize(
        _pipeline: &MaterialPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        key: MaterialPipelineKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        let FlatKey { two_sided, rim, lit } = key.bind_group_data;
        if two_sided {
            descriptor.primitive.cull_mode = None;
        }
        for (on, def) in [(rim, "RIM"), (lit, "LIT")] {
            if on {
                descriptor.vertex.shader_defs.push(def.into());
                if let Some(fragment) = descriptor.fragment.as_mut() {
                    fragment.shader_defs.push(def.into());
                }
            }
        }
        Ok(())
    }
}

/// Registers the material and its shader (rendering only; logic tests register the asset type).
pub fn plugin(app: &mut App) {
    embedded_asset!(app, "flat.wgsl");
    app.add_plugins(MaterialPlugin::<FlatMaterial>::default());
}

/// The meshes and flat materials a drawing system adds to.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Assets3d<'w> {
    /// The meshes.
    pub meshes: ResMut<'w, Assets<Mesh>>,
    /// The materials.
    pub materials: ResMut<'w, Assets<FlatMaterial>>,
}
