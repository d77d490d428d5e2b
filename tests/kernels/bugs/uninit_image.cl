// A filter reads an image the host created without contents (its run file gives
// "src" no init): every texel it reads was never written.
__kernel void uninit_image(read_only image2d_t src, sampler_t s, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 v = read_imagef(src, s, (int2)(x, y));
  out[y * get_global_size(0) + x] = v.x; // BUG: uninit.read
}
