// Async boundary: the federation runtime must set up shared modules before any of them is used.
import("./bootstrap");
