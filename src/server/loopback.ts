/// Which host names are this machine's loopback, and what the start-up line says of a node bound
/// elsewhere. Apart from the browser guard (guard.ts), which builds on it, so that the first line
/// is printed without loading the HTTP edge.

/// What the start-up line adds for a node bound to `host`: nothing on the loopback; that other
/// machines can reach it otherwise.
///
/// @example exposureNote('0.0.0.0') // ', reachable from other machines: 0.0.0.0 is not a loopback address'
export function exposureNote(host: string): string {
  return isLoopbackName(bare(host.toLowerCase())) ? '' : `, reachable from other machines: ${host} is not a loopback address`;
}

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/// `localhost` (and `*.localhost`, which browsers resolve to it), 127.0.0.0/8 and ::1.
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || LOOPBACK_V4.test(name) || name === '::1' ||
    (name.startsWith('::ffff:') && LOOPBACK_V4.test(name.slice(7)));
}

/// An IPv6 address without its URL brackets.
export function bare(name: string): string {
  return name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
}
