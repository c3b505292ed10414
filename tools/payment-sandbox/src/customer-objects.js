export {};
//# sourceMappingURL=customer-objects.js.map