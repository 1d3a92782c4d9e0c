//! Cell sheets: the surface's cells drawn as one mesh per level (one for a board without levels),
//! each cell's look written into its vertices' colours. A cell's patch stays as its pick target
//! (a mesh without a material is not drawn) and carries the [`CellPaint`] its look chose; the
//! sheet takes the colour of every paint that changed. Drawing the 192 translucent cells of a
//! stacked board one by one cost a software renderer about 10 ms a frame.

use crate::scene::flat::FlatMaterial;
use crate::scene::surface::{self, Surface};
use bevy::mesh::{Indices, VertexAttributeValues};
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;
use std::ops::Range;
use surface_chess_rules::Cell;

/// The material a surface cell's look is painted with (its colour and opacity go into its
/// sheet's vertex colours).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct CellPaint(pub Handle<FlatMaterial>);

/// One mesh drawing a group of cells: where each cell's vertices are, and their baked shading.
#[derive(Component, Clone, Debug)]
pub struct CellSheet {
    spans: HashMap<Cell, Range<usize>>,
    shade: Vec<[f32; 4]>,
    /// Every cell's triangles, in order.
    triangles: Vec<(Cell, Vec<u32>)>,
}

/// The cells cut away from the surface (not drawn, not picked): the wall in front of the cells
/// in play, on a surface with parts inside others.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct CutAway(pub HashSet<Cell>);

impl CellSheet {
    /// The cells drawn, each once.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.spans.keys().copied()
    }

    /// The sheet's triangles, leaving out the cells in `cut`.
    pub fn indices_without(&self, cut: &HashSet<Cell>) -> Vec<u32> {
        self.triangles.iter().filter(|(c, _)| !cut.contains(c)).flat_map(|(_, t)| t.iter().copied()).collect()
    }

    /// The vertices of `cell` in the sheet's mesh.
    pub fn span(&self, cell: Cell) -> Option<Range<usize>> {
        self.spans.get(&cell).cloned()
    }

    /// The colour `cell` is drawn in, read back from the sheet's `mesh` (its vertices' colour
    /// over their shading), when every vertex of the cell has the same.
    pub fn colour(&self, mesh: &Mesh, cell: Cell) -> Option<LinearRgba> {
        let Some(VertexAttributeValues::Float32x4(colours)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR) else {
            return None;
        };
        let mut seen = self.span(cell)?.map(|i| {
            let ([r, g, b, a], [s, ..]) = (colours[i], self.shade[i]);
            LinearRgba::new(r / s, g / s, b / s, a)
        });
        let first = seen.next()?;
        let same = |c: LinearRgba| (c.to_vec4() - first.to_vec4()).abs().max_element() < 1e-4;
        seen.all(same).then_some(first)
    }
}

/// The sheet of `cells`, its vertices relative to `origin` (translucent sheets are sorted by
/// where they stand), every cell white until painted; `baked` bakes shading into it (for
/// materials without lighting).
pub fn sheet(surface: &Surface, cells: impl IntoIterator<Item = Cell>, origin: Vec3, baked: bool) -> (Mesh, CellSheet) {
    let (mut positions, mut normals, mut uvs, mut indices) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut spans = HashMap::new();
    let mut triangles = Vec::new();
    for cell in cells {
        let mesh = surface::cell_mesh(surface, cell);
        let start = positions.len();
        let attribute = |id| mesh.attribute(id).and_then(VertexAttributeValues::as_float3).unwrap_or_default();
        positions
            .extend(attribute(Mesh::ATTRIBUTE_POSITION).iter().map(|p| (Vec3::from_array(*p) - origin).to_array()));
        normals.extend_from_slice(attribute(Mesh::ATTRIBUTE_NORMAL));
        if let Some(VertexAttributeValues::Float32x2(cell_uvs)) = mesh.attribute(Mesh::ATTRIBUTE_UV_0) {
            uvs.extend_from_slice(cell_uvs);
        }
        if let Some(Indices::U32(cell_indices)) = mesh.indices() {
            let own: Vec<u32> = cell_indices.iter().map(|i| i + start as u32).collect();
            indices.extend_from_slice(&own);
            triangles.push((cell, own));
        }
        spans.insert(cell, start..positions.len());
    }
    let shade: Vec<[f32; 4]> =
        normals.iter().map(|&n| if baked { surface::shade(Vec3::from_array(n)) } else { [1.0; 4] }).collect();
    let mesh = Mesh::new(bevy::mesh::PrimitiveTopology::TriangleList, default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, shade.clone())
        .with_inserted_indices(Indices::U32(indices));
    (mesh, CellSheet { spans, shade, triangles })
}

/// Writes the colours of `cells` into the sheet's `mesh`: each vertex's baked shading times its
/// cell's colour, with its opacity. Cells the sheet does not draw are left out.
pub fn paint(sheet: &CellSheet, mesh: &mut Mesh, cells: &[(Cell, LinearRgba)]) {
    let Some(VertexAttributeValues::Float32x4(vertex_colours)) = mesh.attribute_mut(Mesh::ATTRIBUTE_COLOR) else {
        return;
    };
    for &(cell, colour) in cells {
        for i in sheet.span(cell).into_iter().flatten() {
            let [s, ..] = sheet.shade[i];
            vertex_colours[i] = [s * colour.red, s * colour.green, s * colour.blue, colour.alpha];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_rules::Variant;

    #[test]
    fn a_sheet_holds_every_cell_once_as_its_own_mesh_does() {
        let surface = Surface::new(Variant::Strato);
        let complex = &Variant::Strato.rules().complex;
        let level: Vec<Cell> = complex.cells().filter(|&c| surface.level(c) == Some(1)).collect();
        let origin = Vec3::new(0.5, 2.0, -1.0);
        let (mesh, sheet) = sheet(&surface, level.iter().copied(), origin, true);
        assert_eq!(sheet.cells().count(), level.len());
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).and_then(VertexAttributeValues::as_float3).unwrap();
        for &cell in &level {
            let own = surface::cell_mesh(&surface, cell);
            let own = own.attribute(Mesh::ATTRIBUTE_POSITION).and_then(VertexAttributeValues::as_float3).unwrap();
            let span = sheet.span(cell).unwrap();
            assert_eq!(span.len(), own.len());
            for (p, q) in positions[span].iter().zip(own) {
                assert!((Vec3::from_array(*p) + origin).distance(Vec3::from_array(*q)) < 1e-5);
            }
        }
        assert_eq!(mesh.indices().unwrap().len(), level.len() * surface.k * surface.k * 6, "two triangles per square");
    }

    #[test]
    fn a_painted_cell_reads_back_in_its_colour_and_the_others_keep_theirs() {
        let surface = Surface::new(Variant::Mobius);
        let cells: Vec<Cell> = Variant::Mobius.rules().complex.cells().collect();
        let (mut mesh, sheet) = sheet(&surface, cells.iter().copied(), Vec3::ZERO, true);
        let lit = LinearRgba::new(0.9, 0.7, 0.2, 0.5);
        paint(&sheet, &mut mesh, &[(cells[3], lit)]);
        let back = sheet.colour(&mesh, cells[3]).unwrap();
        assert!((back.to_vec4() - lit.to_vec4()).abs().max_element() < 1e-5, "{back:?}");
        assert_eq!(sheet.colour(&mesh, cells[4]), Some(LinearRgba::WHITE), "unpainted: white");
    }
}
