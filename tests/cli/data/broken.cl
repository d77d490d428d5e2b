kernel void broken(global int *out) {
  out[0] = undeclared_name;
}
