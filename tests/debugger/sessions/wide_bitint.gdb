# A signed _BitInt(72) (-O0: in memory; -O2: in two 64-bit halves, fragments of 64 and 8 bits)
# prints negative, from its 72 bits, in both work-items (a large and a small value).
break wide_product.cl:9
run
print b
info locals
workitem 1
print b
quit
