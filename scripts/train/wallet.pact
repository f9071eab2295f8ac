; A module built on token.pact, through an interface, for the code cache's training run.
(interface payable
  (defun pay:string (from:string to:string amount:decimal)))
(module wallet GOV
  (implements payable)
  (defcap GOV () true)
  (defschema entry note:string amount:decimal)
  (deftable ledger:{entry})
  (defun pay:string (from:string to:string amount:decimal)
    (let ((result (token.transfer from to amount)))
      (insert ledger (format "{}-{}" [from to]) { 'note: result, 'amount: amount })
      result))
  (defun total:decimal (ids:[string])
    (fold (+) 0.0 (token.balances ids)))
)
