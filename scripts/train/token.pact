; A token of the usual shape, for the code cache's training run (train.repl).
(module token GOV
  @doc "A token: accounts, a managed transfer capability, events, a defpact."
  (defcap GOV () true)
  (defschema account
    @doc "An account."
    balance:decimal
    guard:guard)
  (deftable accounts:{account})
  (defconst MINIMUM:decimal 0.0)
  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)
    @managed amount TRANSFER-mgr
    (enforce (!= sender receiver) "same account")
    (enforce-guard (at 'guard (read accounts sender))))
  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)
    (let ((rest (- managed requested)))
      (enforce (>= rest MINIMUM) "over the managed amount")
      rest))
  (defcap CREDITED:bool (account:string amount:decimal) @event true)
  (defun create:string (id:string guard:guard)
    (insert accounts id { 'balance: 100.0, 'guard: guard }))
  (defun transfer:string (sender:string receiver:string amount:decimal)
    @doc "Moves AMOUNT from SENDER to RECEIVER."
    (enforce (> amount 0.0) "positive amount")
    (with-capability (TRANSFER sender receiver amount)
      (with-read accounts sender { 'balance := sb }
        (update accounts sender { 'balance: (- sb amount) }))
      (with-default-read accounts receiver { 'balance: 0.0 } { 'balance := rb }
        (update accounts receiver { 'balance: (+ rb amount) }))
      (emit-event (CREDITED receiver amount))
      "transferred"))
  (defun balances:[decimal] (ids:[string])
    (map (lambda (id:string) (at 'balance (read accounts id))) ids))
  (defpact settle:string (id:string)
    (step (format "settling {}" [id]))
    (step (let* ((b (at 'balance (read accounts id))) (s (int-to-str 10 (floor b)))) s)))
)
