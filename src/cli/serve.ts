/// `-s/--serve CONFIG`: the HTTP server arrives with its own issue; until then the flag says so.
export function serve(_config: string): number {
  process.stderr.write('pact: --serve is not available in this build yet\n');
  return 1;
}
