export const OUT_DIR: string;

export function buildPlayground(): Promise<string>;
