/// The Pact language level this implementation follows (`pact-version`, `--version`).
export const PACT_VERSION = '4.13.2';
