export {};
//# sourceMappingURL=error-object.js.map