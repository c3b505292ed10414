export {};
//# sourceMappingURL=payment-method-object.js.map