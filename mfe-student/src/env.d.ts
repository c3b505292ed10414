// Build-time facts the bundler provides.
declare module "*.css";
declare const process: { env: { NODE_ENV: "production" | "development" } };
