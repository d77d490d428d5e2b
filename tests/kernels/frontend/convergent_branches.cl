// Sub-group functions called on both sides of a branch: each side's work-items make
// their own call, with the others of their sub-group inactive (OpenCL C 3.0
// §6.15.16.4). clang 15's -O2 pipeline merges two such calls into one after the join
// (SimplifyCFG hoisting and sinking identical instructions), which every work-item of
// the sub-group then makes; spvsim's front end keeps them apart. Each side's values
// are uniform on that side (a for odd inputs, b for even ones), so the results do
// not depend on the sub-group size; merged, they would at every size above 1.
__kernel void convergent_branches(__global const int *in, __global int *out, int a, int b) {
  int i = get_global_id(0);
  int v = in[i];
  bool odd = v & 1;
  int side = odd ? a : b;
  __global int *o = out + 4 * i;
  // The same operand on both sides (the conformance suite's ballot test).
  if (odd)
    o[0] = sub_group_broadcast_first(side);
  else
    o[0] = sub_group_broadcast_first(side);
  // Different operands on both sides: the merged call would take a phi of them.
  if (odd)
    o[1] = sub_group_non_uniform_reduce_max(side);
  else
    o[1] = sub_group_non_uniform_reduce_max(side + 1);
  // Votes on a condition that holds on one side and not across the sub-group.
  if (v > 7)
    o[2] = sub_group_non_uniform_all(v > 7);
  else
    o[2] = sub_group_non_uniform_all(v > 7) + 2;
  if (odd)
    o[3] = sub_group_non_uniform_any(!odd) + 10;
  else
    o[3] = sub_group_non_uniform_any(!odd) + 20;
}
