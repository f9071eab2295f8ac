/// The standard interfaces a devnet installs on every chain: the fungible-token standard
/// (KIP-0002) in both versions, its cross-chain extension, and the gas-station interface. Their
/// members, argument names and types are chainweb's; the text is ours.

/// KIP-0002, first version (still installed; older tokens implement it). It has no `transfer`.
/// The members both versions of KIP-0002 declare, around `transfer` (which only the second has).
const FUNGIBLE_HEAD = String.raw`
  (defschema account-details
    @doc "What 'details' answers for an account."
    account:string
    balance:decimal
    guard:guard)

  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)
    @doc "Managed: allows transfers from SENDER to RECEIVER totalling at most AMOUNT."
    @managed amount TRANSFER-mgr)

  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)
    @doc "Takes REQUESTED off what is left of MANAGED.")
`;

const FUNGIBLE_TAIL = String.raw`
  (defun transfer-create:string (sender:string receiver:string receiver-guard:guard amount:decimal)
    @doc "Moves AMOUNT from SENDER to RECEIVER, creating RECEIVER with RECEIVER-GUARD when new.")

  (defpact transfer-crosschain:string (sender:string receiver:string receiver-guard:guard target-chain:string amount:decimal)
    @doc "Moves AMOUNT from SENDER here to RECEIVER on TARGET-CHAIN, in two steps joined by an SPV proof.")

  (defun get-balance:decimal (account:string)
    @doc "The balance of ACCOUNT.")

  (defun details:object{account-details} (account:string)
    @doc "Balance and guard of ACCOUNT.")

  (defun precision:integer ()
    @doc "How many decimal places amounts may have.")

  (defun enforce-unit:bool (amount:decimal)
    @doc "Fails when AMOUNT has more decimal places than the precision.")

  (defun create-account:string (account:string guard:guard)
    @doc "Opens ACCOUNT with a zero balance, controlled by GUARD.")

  (defun rotate:string (account:string new-guard:guard)
    @doc "Replaces the guard of ACCOUNT, with the consent of the current one.")
`;

/// KIP-0002, first version (still installed; older tokens implement it). It has no `transfer`.
export const FUNGIBLE_V1 = `
(interface fungible-v1
  "Fungible tokens (KIP-0002), first version."
${FUNGIBLE_HEAD}${FUNGIBLE_TAIL})
`;

/// KIP-0002 as tokens implement it today: fungible-v1 and `transfer`.
export const FUNGIBLE_V2 = `
(interface fungible-v2
  "Fungible tokens (KIP-0002)."
${FUNGIBLE_HEAD}
  (defun transfer:string (sender:string receiver:string amount:decimal)
    @doc "Moves AMOUNT from SENDER to RECEIVER; both accounts must exist.")
${FUNGIBLE_TAIL})
`;

/// The cross-chain extension of fungible-v2: a capability to scope a cross-chain transfer and
/// the event of its receipt.
export const FUNGIBLE_XCHAIN_V1 = String.raw`
(interface fungible-xchain-v1
  "Capability and event of cross-chain transfers."

  (defcap TRANSFER_XCHAIN:bool (sender:string receiver:string amount:decimal target-chain:string)
    @doc "Managed: allows cross-chain transfers from SENDER to RECEIVER on TARGET-CHAIN up to AMOUNT."
    @managed amount TRANSFER_XCHAIN-mgr)

  (defun TRANSFER_XCHAIN-mgr:decimal (managed:decimal requested:decimal)
    @doc "One shot: REQUESTED may not exceed MANAGED, and nothing is left after.")

  (defcap TRANSFER_XCHAIN_RECD:bool (sender:string receiver:string amount:decimal source-chain:string)
    @doc "Emitted when a cross-chain transfer arrives."
    @event)
)
`;

/// Gas stations: a module that pays the gas of others implements this.
export const GAS_PAYER_V1 = String.raw`
(interface gas-payer-v1

  (defcap GAS_PAYER:bool (user:string limit:integer price:decimal)
    @doc "Granted when the station pays for USER up to LIMIT gas at PRICE; it composes what its payer guard requires.")

  (defun create-gas-payer-guard:guard ()
    @doc "The guard of the station's coin account: it passes while GAS_PAYER is granted.")
)
`;
