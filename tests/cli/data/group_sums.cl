// Each work-group sums its values in a __local array (a tree reduction); GROUP comes
// from include/group.h (build_options -I), OFFSET from build_options -D.
#include "group.h"

kernel void group_sums(global const int *in, global int *out) {
  local int scratch[GROUP];
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = GROUP / 2; s > 0; s /= 2) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) out[get_group_id(0)] = scratch[0] + OFFSET;
}
