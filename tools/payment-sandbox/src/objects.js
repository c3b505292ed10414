export {};
//# sourceMappingURL=objects.js.map