// The conformance suite's subgroups query_kernel (test_queries.cpp) on a 3-D
// range: each work-item stores to the element of its first global id only, so
// the work-items that share it store the same values to the same place: a race
// by the memory model however equal the values.
typedef struct {
  uint groups;
  uint size;
} result_data;

__kernel void race_first_dimension_only(__global result_data *out) {
  int gid = get_global_id(0);
  out[gid].groups = get_num_groups(0); // BUG: race.global.write-write
  out[gid].size = get_local_size(0);   // BUG: race.global.write-write
}
