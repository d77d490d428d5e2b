// Prints two lines: `spvsim run printf_twice.cl` shows each once (its sizing trial
// run prints nothing).
kernel void hello(global int *out) {
  size_t i = get_global_id(0);
  if (i < 2) printf("line %d\n", (int)i);
  out[i] = (int)i;
}
