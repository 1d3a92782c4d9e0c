// The flat material: a colour times the vertex colour, nothing else, so software renderers
// shade a fragment in a few instructions (shading is then baked into the vertex colours).
// RIM darkens (or lightens) the outline where the surface turns away from the eye, so that a
// piece reads against any cell or background: worked out per vertex, where it costs a software
// renderer far less than per pixel, into a vertex colour that then carries the material's
// colour too. LIT lights the fragment with the view's lights and shadows (`--quality high`), the
// vertex colours then carrying only the albedo.
#import bevy_pbr::{
    forward_io::{Vertex, VertexOutput},
    mesh_functions,
    view_transformations::position_world_to_clip,
}
#ifdef RIM
#import bevy_pbr::mesh_view_bindings::view
#endif
#ifdef LIT
#import bevy_pbr::{pbr_types, pbr_functions, mesh_types::MESH_FLAGS_SHADOW_RECEIVER_BIT}
#endif

struct Flat {
    color: vec4<f32>,
    // The outline's colour; its alpha is its strength.
    rim: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> material: Flat;

// Bevy's mesh vertex shader without skinning and morph targets, plus the rim.
@vertex
fn vertex(vertex: Vertex) -> VertexOutput {
    var out: VertexOutput;
    let world_from_local = mesh_functions::get_world_from_local(vertex.instance_index);
#ifdef VERTEX_NORMALS
    out.world_normal = mesh_functions::mesh_normal_local_to_world(vertex.normal, vertex.instance_index);
#endif
    out.world_position = mesh_functions::mesh_position_local_to_world(world_from_local, vec4<f32>(vertex.position, 1.0));
    out.position = position_world_to_clip(out.world_position.xyz);
#ifdef VERTEX_UVS_A
    out.uv = vertex.uv;
#endif
#ifdef VERTEX_UVS_B
    out.uv_b = vertex.uv_b;
#endif
#ifdef VERTEX_TANGENTS
    out.world_tangent = mesh_functions::mesh_tangent_local_to_world(world_from_local, vertex.tangent, vertex.instance_index);
#endif
#ifdef VERTEX_COLORS
    out.color = vertex.color;
#ifdef RIM
#ifdef VERTEX_NORMALS
    let eye = normalize(view.world_position - out.world_position.xyz);
    let edge = 1.0 - abs(dot(normalize(out.world_normal), eye));
    let rim = smoothstep(0.5, 0.8, edge) * material.rim.a;
    let body = material.color * vertex.color;
    out.color = vec4(mix(body.rgb, material.rim.rgb, rim), body.a);
#endif
#endif
#endif
#ifdef VERTEX_OUTPUT_INSTANCE_INDEX
    out.instance_index = vertex.instance_index;
#endif
    return out;
}

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> @location(0) vec4<f32> {
#ifdef VERTEX_COLORS
#ifdef RIM
    // The vertex carries the material's colour and the rim.
    var colour = in.color;
#else
    var colour = material.color * in.color;
#endif
#else
    var colour = material.color;
#endif
#ifdef LIT
    var pbr = pbr_types::pbr_input_new();
    pbr.material.base_color = colour;
    pbr.material.perceptual_roughness = 0.55;
    pbr.frag_coord = in.position;
    pbr.world_position = in.world_position;
    pbr.world_normal = pbr_functions::prepare_world_normal(normalize(in.world_normal), true, is_front);
    pbr.N = pbr.world_normal;
    pbr.V = pbr_functions::calculate_view(in.world_position, false);
    pbr.flags = MESH_FLAGS_SHADOW_RECEIVER_BIT;
    colour = pbr_functions::apply_pbr_lighting(pbr);
    colour = pbr_functions::main_pass_post_lighting_processing(pbr, colour);
#endif
    return colour;
}
