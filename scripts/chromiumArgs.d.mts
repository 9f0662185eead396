/** The flags headless Chromium needs in a quiet, sandbox-less CI container. */
export declare const chromiumArgs: readonly string[];
