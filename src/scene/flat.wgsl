// The flat material: a colour times the vertex colour, nothing else, so software renderers
// shade a fragment in a few instructions (shading is then baked into the vertex colours).
// RIM darkens (or lightens) the outline where the surface turns away from the eye, so that a
// piece reads against any cell or background; LIT lights the fragment with the view's lights
// and shadows (`--quality high`), the vertex colours then carrying only the albedo.
#import bevy_pbr::forward_io::VertexOutput
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

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> @location(0) vec4<f32> {
#ifdef VERTEX_COLORS
    var colour = material.color * in.color;
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
#ifdef RIM
    let eye = normalize(view.world_position - in.world_position.xyz);
    let edge = 1.0 - abs(dot(normalize(in.world_normal), eye));
    let rim = smoothstep(0.5, 0.8, edge) * material.rim.a;
    colour = vec4(mix(colour.rgb, material.rim.rgb, rim), colour.a);
#endif
    return colour;
}
