/// The `coin` contract of a devnet: KDA balances, transfers on a chain and across chains, the
/// gas purchase and redemption chainweb runs around every transaction, genesis grants and
/// allocations. Members, capabilities, events and error texts are those of chainweb's coin
/// contract (its last Pact 4 version), and each function calls the same natives in the same
/// order, so a transaction costs the same gas as on chainweb; the text is ours.
export const COIN = String.raw`
(module coin GOVERNANCE
  "KDA, the Kadena coin: accounts, transfers (also cross-chain), gas purchase and redemption, \
  \genesis grants and allocations."

  (implements fungible-v2)
  (implements fungible-xchain-v1)

  (defschema coin-schema
    balance:decimal
    guard:guard)

  (deftable coin-table:{coin-schema})

  ; --- capabilities -----------------------------------------------------------------------

  (defcap GOVERNANCE ()
    (enforce false "Enforce non-upgradeability"))

  (defcap GAS ()
    "Granted by chainweb to buy and redeem gas."
    true)

  (defcap COINBASE ()
    "Granted by chainweb to credit new coins."
    true)

  (defcap GENESIS ()
    "Granted by chainweb in genesis blocks."
    true)

  (defcap REMEDIATE ()
    "Granted by chainweb to remediation transactions."
    true)

  (defcap DEBIT (sender:string)
    "Taking from SENDER needs its guard."
    (enforce-guard (at 'guard (read coin-table sender)))
    (enforce (!= sender "") "valid sender"))

  (defcap CREDIT (receiver:string)
    "Giving to RECEIVER."
    (enforce (!= receiver "") "valid receiver"))

  (defcap ROTATE (account:string)
    @doc "Managed without a manager: one rotation of ACCOUNT's guard per grant."
    @managed
    true)

  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)
    @managed amount TRANSFER-mgr
    (enforce (!= sender receiver) "same sender and receiver")
    (enforce-unit amount)
    (enforce (> amount 0.0) "Positive amount")
    (compose-capability (DEBIT sender))
    (compose-capability (CREDIT receiver)))

  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)
    (let ((left (- managed requested)))
      (enforce (>= left 0.0) (format "TRANSFER exceeded for balance {}" [managed]))
      left))

  (defcap TRANSFER_XCHAIN:bool (sender:string receiver:string amount:decimal target-chain:string)
    @managed amount TRANSFER_XCHAIN-mgr
    (enforce-unit amount)
    (enforce (> amount 0.0) "Cross-chain transfers require a positive amount")
    (compose-capability (DEBIT sender)))

  (defun TRANSFER_XCHAIN-mgr:decimal (managed:decimal requested:decimal)
    (enforce (>= managed requested) (format "TRANSFER_XCHAIN exceeded for balance {}" [managed]))
    0.0)

  (defcap TRANSFER_XCHAIN_RECD:bool (sender:string receiver:string amount:decimal source-chain:string)
    @event
    true)

  (defcap RELEASE_ALLOCATION (account:string amount:decimal)
    @doc "Emitted when an allocation is released; signatures can be scoped to it."
    @event
    true)

  ; --- constants --------------------------------------------------------------------------

  (defconst COIN_CHARSET CHARSET_LATIN1 "Characters an account name may use.")
  (defconst MINIMUM_PRECISION 12 "Decimal places of the smallest coin unit.")
  (defconst MINIMUM_ACCOUNT_LENGTH 3 "Shortest account name.")
  (defconst MAXIMUM_ACCOUNT_LENGTH 256 "Longest account name.")
  (defconst VALID_CHAIN_IDS (map (int-to-str 10) (enumerate 0 19)) "The chains of chainweb.")

  ; --- checks -----------------------------------------------------------------------------

  (defun enforce-unit:bool (amount:decimal)
    (enforce (= (floor amount MINIMUM_PRECISION) amount)
      (format "Amount violates minimum precision: {}" [amount])))

  (defun validate-account (account:string)
    (enforce (is-charset COIN_CHARSET account)
      (format "Account does not conform to the coin contract charset: {}" [account]))
    (let ((size (length account)))
      (enforce (>= size MINIMUM_ACCOUNT_LENGTH)
        (format "Account name does not conform to the min length requirement: {}" [account]))
      (enforce (<= size MAXIMUM_ACCOUNT_LENGTH)
        (format "Account name does not conform to the max length requirement: {}" [account]))))

  (defun check-reserved:string (account:string)
    "The protocol letter of a reserved name ('k' of 'k:...'), or the empty string."
    (let ((head (take 2 account)))
      (if (= ":" (take -1 head)) (take 1 head) "")))

  (defun enforce-reserved:bool (account:string guard:guard)
    "Reserved names (a letter and a colon) must be the principal of GUARD."
    (if (validate-principal guard account)
      true
      (let ((protocol (check-reserved account)))
        (if (= protocol "")
          true
          (if (= protocol "k")
            (enforce false "Single-key account protocol violation")
            (enforce false (format "Reserved protocol guard violation: {}" [protocol])))))))

  ; --- gas --------------------------------------------------------------------------------

  (defun gas-only ()
    "A guard predicate: passes only while gas is bought or redeemed."
    (require-capability (GAS)))

  (defun gas-guard (guard:guard)
    "A guard predicate: passes while gas is bought or redeemed, or when GUARD passes."
    (enforce-one "Enforce either the presence of a GAS cap or keyset"
      [(gas-only) (enforce-guard guard)]))

  (defun buy-gas:string (sender:string total:decimal)
    "Chainweb takes TOTAL (gas limit times price) from SENDER before running its transaction."
    (validate-account sender)
    (enforce-unit total)
    (enforce (> total 0.0) "gas supply must be a positive quantity")
    (require-capability (GAS))
    (with-capability (DEBIT sender)
      (debit sender total)))

  (defun redeem-gas:string (miner:string miner-guard:guard sender:string total:decimal)
    "After the transaction chainweb pays the fee (message data 'fee') to MINER and gives SENDER \
    \back the rest of TOTAL."
    (validate-account sender)
    (validate-account miner)
    (enforce-unit total)
    (require-capability (GAS))
    (let* ((fee (read-decimal "fee"))
           (refund (- total fee)))
      (enforce-unit fee)
      (enforce (>= fee 0.0) "fee must be a non-negative quantity")
      (enforce (>= refund 0.0) "refund must be a non-negative quantity")
      (emit-event (TRANSFER sender miner fee))
      (with-capability (CREDIT sender)
        (if (> refund 0.0)
          (with-read coin-table sender { "balance" := balance }
            (update coin-table sender { "balance": (+ balance refund) }))
          "noop"))
      (with-capability (CREDIT miner)
        (if (> fee 0.0)
          (credit miner miner-guard fee)
          "noop"))))

  (defpact fund-tx (sender:string miner:string miner-guard:guard total:decimal)
    "Gas in two steps, as chainweb bought it before its 2.24 release."
    (step (buy-gas sender total))
    (step (redeem-gas miner miner-guard sender total)))

  ; --- accounts ---------------------------------------------------------------------------

  (defun create-account:string (account:string guard:guard)
    (validate-account account)
    (enforce-reserved account guard)
    (insert coin-table account { "balance": 0.0, "guard": guard }))

  (defun get-balance:decimal (account:string)
    (with-read coin-table account { "balance" := balance }
      balance))

  (defun details:object{fungible-v2.account-details} (account:string)
    (with-read coin-table account { "balance" := balance, "guard" := guard }
      { "account": account, "balance": balance, "guard": guard }))

  (defun rotate:string (account:string new-guard:guard)
    (with-capability (ROTATE account)
      ; A principal account may only go back to the guard its name stands for.
      (enforce (or (not (is-principal account)) (validate-principal new-guard account))
        "It is unsafe for principal accounts to rotate their guard")
      (with-read coin-table account { "guard" := old-guard }
        (enforce-guard old-guard)
        (update coin-table account { "guard": new-guard }))))

  (defun precision:integer ()
    MINIMUM_PRECISION)

  ; --- moving coins -----------------------------------------------------------------------

  (defun debit:string (account:string amount:decimal)
    (validate-account account)
    (enforce (> amount 0.0) "debit amount must be positive")
    (enforce-unit amount)
    (require-capability (DEBIT account))
    (with-read coin-table account { "balance" := balance }
      (enforce (<= amount balance) "Insufficient funds")
      (update coin-table account { "balance": (- balance amount) })))

  (defun credit:string (account:string guard:guard amount:decimal)
    (validate-account account)
    (enforce (> amount 0.0) "credit amount must be positive")
    (enforce-unit amount)
    (require-capability (CREDIT account))
    (with-default-read coin-table account { "balance": -1.0, "guard": guard }
      { "balance" := balance, "guard" := stored }
      ; An existing account keeps its guard: the one given must be it.
      (enforce (= stored guard) "account guards do not match")
      (let ((new (if (= balance -1.0) (enforce-reserved account guard) false)))
        (write coin-table account
          { "balance": (if new amount (+ balance amount)), "guard": stored }))))

  (defun transfer:string (sender:string receiver:string amount:decimal)
    (enforce (!= sender receiver) "sender cannot be the receiver of a transfer")
    (validate-account sender)
    (validate-account receiver)
    (enforce (> amount 0.0) "transfer amount must be positive")
    (enforce-unit amount)
    (with-capability (TRANSFER sender receiver amount)
      (debit sender amount)
      (with-read coin-table receiver { "guard" := guard }
        (credit receiver guard amount))))

  (defun transfer-create:string (sender:string receiver:string receiver-guard:guard amount:decimal)
    (enforce (!= sender receiver) "sender cannot be the receiver of a transfer")
    (validate-account sender)
    (validate-account receiver)
    (enforce (> amount 0.0) "transfer amount must be positive")
    (enforce-unit amount)
    (with-capability (TRANSFER sender receiver amount)
      (debit sender amount)
      (credit receiver receiver-guard amount)))

  (defun coinbase:string (account:string account-guard:guard amount:decimal)
    "New coins for ACCOUNT; chainweb grants COINBASE to miner rewards and genesis grants."
    (validate-account account)
    (enforce-unit amount)
    (require-capability (COINBASE))
    (emit-event (TRANSFER "" account amount))
    (with-capability (CREDIT account)
      (credit account account-guard amount)))

  (defun remediate:string (account:string amount:decimal)
    "Takes AMOUNT out of ACCOUNT, in remediation transactions only."
    (validate-account account)
    (enforce (> amount 0.0) "Remediation amount must be positive")
    (enforce-unit amount)
    (require-capability (REMEDIATE))
    (emit-event (TRANSFER "" account amount))
    (with-read coin-table account { "balance" := balance }
      (enforce (<= amount balance) "Insufficient funds")
      (update coin-table account { "balance": (- balance amount) })))

  (defschema crosschain-schema
    @doc "What the first step of a cross-chain transfer hands to the second."
    receiver:string
    receiver-guard:guard
    amount:decimal
    source-chain:string)

  (defpact transfer-crosschain:string
    (sender:string receiver:string receiver-guard:guard target-chain:string amount:decimal)
    (step
      (with-capability (TRANSFER_XCHAIN sender receiver amount target-chain)
        (validate-account sender)
        (validate-account receiver)
        (enforce (!= "" target-chain) "empty target-chain")
        (enforce (!= (at 'chain-id (chain-data)) target-chain)
          "cannot run cross-chain transfers to the same chain")
        (enforce (> amount 0.0) "transfer quantity must be positive")
        (enforce-unit amount)
        (enforce (contains target-chain VALID_CHAIN_IDS)
          "target chain is not a valid chainweb chain id")
        ; here: burn
        (debit sender amount)
        (emit-event (TRANSFER sender "" amount))
        (let ((sent:object{crosschain-schema}
                { "receiver": receiver
                , "receiver-guard": receiver-guard
                , "amount": amount
                , "source-chain": (at 'chain-id (chain-data)) }))
          (yield sent target-chain))))
    (step
      (resume { "receiver" := receiver, "receiver-guard" := receiver-guard
              , "amount" := amount, "source-chain" := source-chain }
        ; there: mint
        (emit-event (TRANSFER "" receiver amount))
        (emit-event (TRANSFER_XCHAIN_RECD "" receiver amount source-chain))
        (with-capability (CREDIT receiver)
          (credit receiver receiver-guard amount)))))

  ; --- allocations ------------------------------------------------------------------------

  (defschema allocation-schema
    balance:decimal
    date:time
    guard:guard
    redeemed:bool)

  (deftable allocation-table:{allocation-schema})

  (defun create-allocation-account (account:string date:time keyset-ref:string amount:decimal)
    "At genesis: AMOUNT locked for ACCOUNT (guarded by the keyset KEYSET-REF) until DATE, and \
    \an empty coin account of the same name."
    (require-capability (GENESIS))
    (validate-account account)
    (enforce (>= amount 0.0) "allocation amount must be non-negative")
    (enforce-unit amount)
    (let ((guard:guard (keyset-ref-guard keyset-ref)))
      (create-account account guard)
      (insert allocation-table account
        { "balance": amount, "date": date, "guard": guard, "redeemed": false })))

  (defun release-allocation (account:string)
    "Moves the allocation of ACCOUNT into its coin account, once its date has come."
    (validate-account account)
    (with-read allocation-table account
      { "balance" := balance, "date" := release-time, "redeemed" := redeemed, "guard" := guard }
      (let ((now:time (at 'block-time (chain-data))))
        (enforce (not redeemed) "allocation funds have already been redeemed")
        (enforce (>= now release-time)
          (format "funds locked until {}. current time: {}" [release-time now]))
        (with-capability (RELEASE_ALLOCATION account balance)
          (enforce-guard guard)
          (with-capability (CREDIT account)
            (emit-event (TRANSFER "" account balance))
            (credit account guard balance)
            (update allocation-table account { "redeemed": true, "balance": 0.0 })
            "Allocation successfully released to main ledger")))))
)

(create-table coin-table)
(create-table allocation-table)
`;
