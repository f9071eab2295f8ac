/// The namespace policy of a devnet (chainweb's `ns` module, the `SmartNamespacePolicy` every
/// transaction runs under), the `util.guards` module, and the genesis code that registers the
/// `kadena`, `user`, `free` and `util` namespaces. Members, guards and error texts are
/// chainweb's; the text is ours.

/// `ns`: who may define which namespace. Principal namespaces (`n_<hash>`) belong to the guard
/// they are derived from; any other needs an active row in the registry with its admin guard.
export const NS = String.raw`
(module ns GOVERNANCE
  "The namespace policy of the chain: which namespaces may be defined, and by whom."

  (defschema reg-entry
    admin-guard:guard
    active:bool)

  (deftable registry:{reg-entry})

  (defcap GOVERNANCE ()
    (enforce-keyset 'ns-admin-keyset))

  (defcap OPERATE ()
    (enforce-keyset 'ns-operate-keyset))

  (defconst GUARD_SUCCESS (create-user-guard (success)))
  (defconst GUARD_FAILURE (create-user-guard (failure)))

  (defun success ()
    true)

  (defun failure ()
    (enforce false "Disabled"))

  (defun validate-name (name)
    (enforce (!= "" name) "Empty name not allowed")
    (enforce (< (length name) 64) "Name must be less than 64 characters long")
    (enforce (is-charset CHARSET_LATIN1 name) "Name must be in latin1 charset"))

  (defun create-principal-namespace:string (g:guard)
    "The principal namespace of G: 'n_' and the first 40 hex digits of the hash of G (k: and w: guards only)."
    (let ((ty (typeof-principal (create-principal g))))
      (if (or (= ty "k:") (= ty "w:"))
        (+ "n_" (take 40 (int-to-str 16 (str-to-int 64 (hash g)))))
        (enforce false (format "Unsupported guard protocol: {}" [ty])))))

  (defun validate:bool (ns-name:string ns-admin:guard)
    "The policy: a principal namespace, or one registered active with this admin guard."
    (if (= (create-principal-namespace ns-admin) ns-name)
      true
      (with-default-read registry ns-name
        { 'admin-guard: ns-admin, 'active: false }
        { 'admin-guard := registered, 'active := active }
        (enforce active "Inactive or unregistered namespace")
        (enforce (= ns-admin registered) "Admin guard must match guard in registry")
        true)))

  (defun write-registry:string (ns-name:string guard:guard active:bool)
    "Registers NS-NAME with its admin GUARD (operators only)."
    (with-capability (OPERATE)
      (validate-name ns-name)
      (write registry ns-name { 'admin-guard: guard, 'active: active })
      "Register entry written"))

  (defun query:object{reg-entry} (ns-name:string)
    (read registry ns-name))
)
`;

/// Genesis: the keysets of `ns`, the module, and the registered namespaces; the operate keyset
/// is the empty one while genesis writes the registry, then the devnet's own.
export const NS_INSTALL = String.raw`
(define-keyset 'ns-admin-keyset (read-keyset 'ns-admin-keyset))
(define-keyset 'ns-operate-keyset (read-keyset 'ns-genesis-keyset))
${NS}
(create-table registry)
(write-registry "kadena" (keyset-ref-guard 'ns-operate-keyset) true)
(write-registry "user" GUARD_FAILURE true)
(write-registry "free" GUARD_FAILURE true)
(define-namespace "kadena" (keyset-ref-guard 'ns-operate-keyset) (keyset-ref-guard 'ns-operate-keyset))
(define-namespace "user" GUARD_SUCCESS GUARD_FAILURE)
(define-namespace "free" GUARD_SUCCESS GUARD_FAILURE)
(define-keyset 'ns-operate-keyset (read-keyset 'ns-operate-keyset))
`;

/// The `util` namespace, owned by the devnet keys.
export const UTIL_NS = String.raw`
(define-keyset 'util-ns-users)
(define-keyset 'util-ns-admin)
(ns.write-registry 'util (keyset-ref-guard 'util-ns-admin) true)
(define-namespace 'util (keyset-ref-guard 'util-ns-users) (keyset-ref-guard 'util-ns-admin))
`;

/// `util.guards`: user guards on time and on other guards.
export const UTIL_GUARDS = String.raw`
(namespace 'util)

(module guards AUTONOMOUS
  "User guards on the chain's time and on other guards."

  (defcap AUTONOMOUS ()
    (enforce false "Non-upgradeable"))

  (defun chain-time:time ()
    (at 'block-time (chain-data)))

  (defun enforce-time:bool (date:time msg:string test:bool)
    (enforce test (format "Chain time must be {} {}" [msg date])))

  (defun after-date:guard (date:time)
    "Passes once the chain's time is after DATE."
    (create-user-guard (enforce-after-date date)))

  (defun enforce-after-date:bool (date:time)
    (enforce-time date "after" (> (chain-time) date)))

  (defun at-after-date:guard (date:time)
    "Passes once the chain's time is DATE or later."
    (create-user-guard (enforce-at-after-date date)))

  (defun enforce-at-after-date:bool (date:time)
    (enforce-time date "at or after" (>= (chain-time) date)))

  (defun before-date:guard (date:time)
    "Passes while the chain's time is before DATE."
    (create-user-guard (enforce-before-date date)))

  (defun enforce-before-date:bool (date:time)
    (enforce-time date "before" (< (chain-time) date)))

  (defun at-before-date:guard (date:time)
    "Passes while the chain's time is DATE or earlier."
    (create-user-guard (enforce-at-before-date date)))

  (defun enforce-at-before-date:bool (date:time)
    (enforce-time date "at or before" (<= (chain-time) date)))

  (defun guard-and:guard (a:guard b:guard)
    "Passes when both A and B pass."
    (create-user-guard (enforce-and a b)))

  (defun enforce-and:bool (a:guard b:guard)
    (enforce-guard a)
    (enforce-guard b))

  (defun guard-or:guard (a:guard b:guard)
    "Passes when A or B passes."
    (create-user-guard (enforce-or a b)))

  (defun enforce-or:bool (a:guard b:guard)
    (enforce-one (format "Enforce {} or {}" [a b])
      [(enforce-guard a) (enforce-guard b)]))
)
`;
