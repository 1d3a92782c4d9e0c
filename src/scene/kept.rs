//! Kept sets of small meshes (destination marks, the chart's pieces, level guides): a set keeps
//! its entities across changes and lays what it shows now on them, each taking the next; the rest
//! are hidden, and more are made only when there are not enough.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

/// One member of a kept set as it should be: its mesh, material, place, and its tag (the set's
/// marker, or what it stands for).
pub struct Placed<M: Material, C> {
    /// The mesh.
    pub mesh: Handle<Mesh>,
    /// The material.
    pub material: Handle<M>,
    /// Where.
    pub at: Transform,
    /// The set's component, as this member should carry it.
    pub tag: C,
}

/// A kept set's members: those tagged with `C`, drawn in material `M`.
pub type Kept<'w, 's, M, C> = Query<
    'w,
    's,
    (
        &'static mut Mesh3d,
        &'static mut MeshMaterial3d<M>,
        &'static mut Transform,
        &'static mut Visibility,
        &'static mut C,
    ),
>;

/// Lays `wanted` on the set's members: each takes the next (only what differs is written, so
/// nothing is marked changed for nothing), the rest are hidden, and the members still wanted are
/// spawned with `extra` (a render layer, say). Members are never picked.
pub fn lay_out<M, C, B>(
    commands: &mut Commands,
    kept: &mut Kept<M, C>,
    wanted: impl IntoIterator<Item = Placed<M, C>>,
    extra: B,
) where
    M: Material,
    C: Component<Mutability = Mutable> + PartialEq,
    B: Bundle + Clone,
{
    let mut wanted = wanted.into_iter();
    for (mut mesh, mut material, mut transform, mut visibility, mut tag) in kept {
        let Some(placed) = wanted.next() else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        if mesh.0 != placed.mesh {
            mesh.0 = placed.mesh;
        }
        if material.0 != placed.material {
            material.0 = placed.material;
        }
        transform.set_if_neq(placed.at);
        tag.set_if_neq(placed.tag);
        visibility.set_if_neq(Visibility::Inherited);
    }
    for Placed { mesh, material, at, tag } in wanted {
        commands.spawn((
            Mesh3d(mesh),
            MeshMaterial3d(material),
            at,
            Visibility::Inherited,
            tag,
            Pickable::IGNORE,
            extra.clone(),
        ));
    }
}

/// How many members of a set are on show (for tests and checks).
pub fn shown<C: Component>(world: &mut World) -> usize {
    let mut q = world.query_filtered::<&Visibility, With<C>>();
    q.iter(world).filter(|v| **v != Visibility::Hidden).count()
}
