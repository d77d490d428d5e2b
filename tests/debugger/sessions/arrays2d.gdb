# Two-dimensional __local arrays in expressions: elements, rows, addresses,
# arithmetic, bounds of each dimension, last-write and watch of an element.
break local_memory.cl:14
run
print tile[ly][lx]
print tile[1][2]
print tile[7][8]
print tile[1]
print &tile[1][2]
print tile[ly][lx] * 2 + tile[0][0]
print tile[8][0]
print tile[0][9]
print tile[1][2][3]
last-write tile[1][2]
watch tile[2][3]
continue
quit
