// Types of tools/auth-emulator.mjs for the TypeScript test suites that use it.
export declare const FIREBASE_PROJECT_ID: string;
export interface SeedSignIn {
  email: string;
  password: string;
  displayName: string;
  role: "admin" | "instructor" | "student";
}
export declare const SEED_SIGN_INS: SeedSignIn[];
export interface EmulatorPorts {
  auth: number;
  hub: number;
  logging: number;
}
export declare function readEmulatorPorts(env?: Record<string, string | undefined>): EmulatorPorts;
export declare function apiTestEmulatorPorts(env?: Record<string, string | undefined>): EmulatorPorts;
export declare function configureEmulator(host: string, projectId?: string): Promise<void>;
export declare function wipeAccounts(host: string, projectId?: string): Promise<void>;
export declare function seedSignIns(host: string, projectId?: string, signIns?: SeedSignIn[]): Promise<number>;
export interface AuthEmulator {
  host: string;
  url: string;
  projectId: string;
  stop(): Promise<void>;
}
export declare function startAuthEmulator(options: {
  ports?: EmulatorPorts;
  dataDir?: string;
  workDir: string;
  quiet?: boolean;
}): Promise<AuthEmulator>;
