//! The flat material: a colour times the mesh's vertex colour, without lighting. Shading is baked
//! into vertex colours, so a fragment costs a few instructions even on a software renderer,
//! where Bevy's `StandardMaterial` (even unlit) is several times slower.

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
    /// Draw both faces of each triangle (for open surfaces); closed solids cull back faces.
    pub two_sided: bool,
    /// Blended even at full opacity: the vertex colours carry the opacity (a stacked level's
    /// cell sheet).
    pub translucent: bool,
}

impl FlatMaterial {
    /// A material for closed solids.
    pub fn solid(color: Color) -> Self {
        Self { color: color.into(), two_sided: false, translucent: false }
    }

    /// A material seen from both sides (surfaces, lines).
    pub fn two_sided(color: Color) -> Self {
        Self { color: color.into(), two_sided: true, translucent: false }
    }

    /// The material of a cell sheet: white, two-sided, blended when `translucent` (the cells'
    /// colours and opacities are the sheet's vertex colours).
    pub fn sheet(translucent: bool) -> Self {
        Self { color: LinearRgba::WHITE, two_sided: true, translucent }
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
}

impl From<&FlatMaterial> for FlatKey {
    fn from(material: &FlatMaterial) -> Self {
        Self { two_sided: material.two_sided }
    }
}

impl Material for FlatMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://surface_chess/scene/flat.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        if self.color.alpha < 1.0 || self.translucent { AlphaMode::Blend } else { AlphaMode::Opaque }
    }

    fn enable_prepass() -> bool {
        false
    }

    fn enable_shadows() -> bool {
        false
    }

    fn specialize(
        _pipeline: &MaterialPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        key: MaterialPipelineKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        if key.bind_group_data.two_sided {
            descriptor.primitive.cull_mode = None;
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
