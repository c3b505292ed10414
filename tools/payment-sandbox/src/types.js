// The sandbox's public types: its options, the running sandbox, its events and webhook deliveries.
export {};
//# sourceMappingURL=types.js.map