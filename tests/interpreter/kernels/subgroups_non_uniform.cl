// Non-uniform sub-group functions (cl_khr_subgroup_non_uniform_vote, _ballot,
// _non_uniform_arithmetic, _shuffle, _shuffle_relative, _clustered_reduce):
// OpGroupNonUniform* in SPIR-V 1.3. Only work-items with odd inputs take part.
kernel void non_uniform(global const int *in, global int *out, global float *fout,
                        global uint4 *ballots) {
  size_t i = get_global_id(0);
  int x = in[i];
  global int *o = out + 16 * i;
  for (int k = 0; k < 16; ++k) o[k] = -7;
  if (x & 1) {
    o[0] = sub_group_elect();
    o[1] = sub_group_non_uniform_all(x > 0);
    o[2] = sub_group_non_uniform_any(x > 100);
    o[3] = sub_group_non_uniform_all_equal(x & 1);
    o[4] = sub_group_broadcast_first(x);
    o[5] = sub_group_non_uniform_reduce_add(x);
    o[6] = sub_group_non_uniform_scan_inclusive_max(x);
    o[7] = sub_group_non_uniform_scan_exclusive_add(x);
    o[8] = sub_group_non_uniform_reduce_xor(x);
    o[9] = sub_group_non_uniform_reduce_logical_or(x > 50);
    uint4 b = sub_group_ballot(x > 20);
    ballots[i] = b;
    o[10] = sub_group_ballot_bit_count(b);
    o[11] = sub_group_ballot_inclusive_scan(b);
    o[12] = sub_group_ballot_find_lsb(b);
    o[13] = sub_group_ballot_find_msb(b);
    o[14] = sub_group_clustered_reduce_add(x, 4);
    fout[i] = sub_group_non_uniform_reduce_mul((float)x * 0.5f);
  }
  // Shuffles with every work-item of the sub-group taking part.
  o[15] = sub_group_shuffle(x, 3) + 1000 * sub_group_shuffle_xor(x, 1) +
          100000 * sub_group_shuffle_down(x, 2) + 1000000 * sub_group_shuffle_up(x, 1);
}

// The conformance suite's sub_group_non_uniform_broadcast: the work-items of an if and
// those of its else each broadcast within their own lanes; clang -O2 merges the two
// calls into one broadcast whose Id differs between the lanes.
kernel void broadcast_in_branches(global const int *in, global const int *from,
                                  global int *out) {
  size_t i = get_global_id(0);
  int x = in[i];
  if (get_sub_group_local_id() < 4)
    out[i] = sub_group_non_uniform_broadcast(x, from[2 * i]);
  else
    out[i] = sub_group_non_uniform_broadcast(x, from[2 * i + 1]);
}

// The conformance suite's sub_group_ballot_find_lsb/msb: a ballot value the program
// makes may have bits set beyond the sub-group's work-items, which do not count.
kernel void ballot_find(global const uint4 *values, global int *out) {
  size_t i = get_global_id(0);
  uint4 v = values[i];
  out[2 * i] = sub_group_ballot_find_lsb(v);
  out[2 * i + 1] = sub_group_ballot_find_msb(v);
}
