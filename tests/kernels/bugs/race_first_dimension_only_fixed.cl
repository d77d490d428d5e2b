// race_first_dimension_only with one element per work-item of the range.
typedef struct {
  uint groups;
  uint size;
} result_data;

__kernel void race_first_dimension_only_fixed(__global result_data *out) {
  size_t gid = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) +
               get_global_id(0);
  out[gid].groups = get_num_groups(0);
  out[gid].size = get_local_size(0);
}
