define i32 @g(ptr %p) {
  store i32 1, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}
