// The flat material: a colour times the vertex colour (shading is baked into vertex colours),
// nothing else, so software renderers shade a fragment in a few instructions.
#import bevy_pbr::forward_io::VertexOutput

struct Flat {
    color: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> material: Flat;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef VERTEX_COLORS
    return material.color * in.color;
#else
    return material.color;
#endif
}
