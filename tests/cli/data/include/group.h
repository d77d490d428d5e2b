#define GROUP 64
