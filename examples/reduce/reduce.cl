// reduce: tree reduction of in[0..n) within each work-group.
//
// Each work-item loads one element (0 past the end) into __local scratch, then
// the group halves the active range until scratch[0] holds the group's sum,
// with a barrier after every step. Work-group g writes its partial sum to
// out[g]; the host (or a second launch) adds the partial sums.
// The local size must be a power of two; scratch holds one float per work-item.
__kernel void reduce(__global const float *in, __global float *out, __local float *scratch,
                     uint n) {
  size_t gid = get_global_id(0);
  size_t lid = get_local_id(0);
  scratch[lid] = gid < n ? in[gid] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    out[get_group_id(0)] = scratch[0];
}
