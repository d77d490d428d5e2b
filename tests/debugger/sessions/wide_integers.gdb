# 128-bit integers print in full (not their low 64 bits), signed and unsigned.
break wide_product.cl:9
run
print p
print q
print p + 1
quit
