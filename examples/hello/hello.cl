// hello: printf from every work-item. spvsim prints the output work-group by
// work-group and work-item by work-item, so it is the same on every run.
kernel void hello(global const float4 *v) {
  size_t i = get_global_id(0);
  printf("work-item %u of group %u: v = %v4hlf, |v| = %.3f\n", (uint)i, (uint)get_group_id(0),
         v[i], length(v[i]));
}
