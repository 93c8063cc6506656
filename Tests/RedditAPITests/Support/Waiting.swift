/// Yields until `condition` holds; gives up after many yields so a broken test fails, not hangs.
@discardableResult
func eventually(maxYields: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<maxYields {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
