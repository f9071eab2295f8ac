/// The accounts chainweb's development network funds at genesis, with its published keys (they
/// are test keys: anyone can sign for these accounts). Every chain grants the same balances;
/// chain 0 also holds the allocation accounts.

/// A key pair of the devnet (`pact/genesis/devnet/keys.yaml` of chainweb).
export interface DevnetKey {
  readonly name: string;
  readonly public: string;
  readonly secret: string;
}

export const DEVNET_KEYS: readonly DevnetKey[] = [
  { name: 'sender00', public: '368820f80c324bbc7c2b0610688a7da43e39f91d118732671cd9c7500ff43cca', secret: '251a920c403ae8c8f65f59142316af3c82b631fba46ddea92ee8c95035bd2898' },
  { name: 'sender01', public: '6be2f485a7af75fedb4b7f153a903f7e6000ca4aa501179c91a2450b777bd2a7', secret: '2beae45b29e850e6b1882ae245b0bab7d0689ebdd0cd777d4314d24d7024b4f7' },
  { name: 'sender02', public: '3a9dd532d73dace195dbb64d1dba6572fb783d0fdd324685e32fbda2f89f99a6', secret: '9b54e924f7acdb03ad4e471308f9a512dac26a50398b41cab8bfe7a496804dbd' },
  { name: 'sender03', public: '43f2adb1de192000cb3777bacc7f983b6614fd9c1715cd44cd484b6d3a0d34c8', secret: 'a477c755abcaaac7bc9aadfc616c0cb7a8a9df9e15adc168e39c247c648544ac' },
  { name: 'sender04', public: '2d70aa4f697c3a3b8dd6d97745ac074edcfd0eb65c37774cde25135483bea71e', secret: '1685ef1cb774a517fdfd5c08cf1ae898084d8ad39b04717a4b5b27c2a3190a75' },
  { name: 'sender05', public: 'f09d8f6394aea425fe6783d88cd81363d8017f16afd3711c575be0f5cd5c9bb9', secret: '2505b87dca474955597fed38178df9e66b16b0c8dc140817c0ad75bd14be32d4' },
  { name: 'sender06', public: '5ffc1f7fef7a44738625762f75a4229454951e03f2afc6f81309c0c1bdf9ee6f', secret: 'c2873d7226845228a6422d15599aa9371a6cd105d29f6157c07d4e9f5b5d7a3c' },
  { name: 'sender07', public: '4c31dc9ee7f24177f78b6f518012a208326e2af1f37bb0a2405b5056d0cad628', secret: 'f1c1923e49cb23d15fe45bdc3f65d7fc1d031ce50dd81bb5085bdd2c63364d7f' },
  { name: 'sender08', public: '63b2eba4ed70d4612d3e7bc90db2fbf4c76f7b074363e86d73f0bc617f8e8b81', secret: 'e0018d4e39736c9c22400cdd88ef60f0ca203466bb27b8435a72e0868289690d' },
  { name: 'sender09', public: 'c59d9840b0b66090836546b7eb4a73606257527ec8c2b482300fd229264b07e6', secret: 'adbe3793a0daf70c7e7a5d59349e0f51d928178de55c6328302ef5b628ed448b' },
  { name: 'allocation00', public: 'd82d0dcde9825505d86afb6dcc10411d6b67a429a79e21bda4bb119bf28ab871', secret: 'c63cd081b64ae9a7f8296f11c34ae08ba8e1f8c84df6209e5dee44fa04bcb9f5' },
  { name: 'allocation01', public: 'b4c8a3ea91d3146b0560994740f0e3eed91c59d2eeca1dc99f0c2872845c294d', secret: '5dbbbd8b765b7d0cf8426d6992924b057c70a2138ecd4cf60cfcde643f304ea9' },
  { name: 'allocation02', public: 'e9e4e71bd063dcf7e06bd5b1a16688897d15ca8bd2e509c453c616219c186cc5', secret: '45f026b7a6bb278ed4099136c13e842cdd80138ab7c5acd4a1f0e6c97d1d1e3c' },
];

export function devnetKey(name: string): string {
  return DEVNET_KEYS.find((k) => k.name === name)!.public;
}

/// A keyset as genesis data writes it.
export interface KeysetSpec {
  readonly keys: readonly string[];
  readonly pred: string;
}

/// An account funded on every chain (by `coin.coinbase` at genesis).
export interface Grant {
  readonly account: string;
  readonly keyset: KeysetSpec;
  /// The balance, as a Pact decimal literal.
  readonly amount: string;
}

const single = (name: string): KeysetSpec => ({ keys: [devnetKey(name)], pred: 'keys-all' });

export const GRANTS: readonly Grant[] = [
  ...Array.from({ length: 10 }, (_, i) => {
    const name = `sender0${i}`;
    return { account: name, keyset: single(name), amount: `${100 + 10 * i}000000.0` };
  }),
  { account: 'multi-00-01', keyset: { keys: [devnetKey('sender00'), devnetKey('sender01')], pred: 'keys-all' }, amount: '101000000.0' },
  {
    account: 'multi-02-03-04-any',
    keyset: { keys: [devnetKey('sender02'), devnetKey('sender03'), devnetKey('sender04')], pred: 'keys-any' },
    amount: '123400000.0',
  },
  {
    account: 'e7f7634e925541f368b827ad5c72421905100f6205285a78c19d7b4a38711805',
    keyset: { keys: ['e7f7634e925541f368b827ad5c72421905100f6205285a78c19d7b4a38711805'], pred: 'keys-all' },
    amount: '150.0',
  },
];

/// Chain 0's allocations: an amount locked until a date for an account guarded by a keyset of
/// the same name, and coins to pay the gas of releasing it.
export interface Allocation {
  readonly account: string;
  readonly keyset: KeysetSpec;
  readonly date: string;
  readonly amount: string;
  /// Coins granted at genesis (for the gas of the release), if any.
  readonly gasFund: string | null;
}

export const ALLOCATIONS: readonly Allocation[] = [
  { account: 'allocation00', keyset: single('allocation00'), date: '1900-10-15T18:00:00Z', amount: '1000000.0', gasFund: '100000.0' },
  { account: 'allocation01', keyset: single('allocation01'), date: '2100-10-31T18:00:00Z', amount: '1000000.0', gasFund: '100000.0' },
  { account: 'allocation02', keyset: single('allocation02'), date: '1900-10-31T18:00:00Z', amount: '1000000.0', gasFund: '100000.0' },
  // Keys of Chainweaver's test recovery phrase.
  {
    account: 'allocation-test01', keyset: { keys: ['7011c379140ff899f7e613ac0a9784a7c0a515d30fe0ab2b0c07e5aa17635e3e'], pred: 'keys-all' },
    date: '1900-10-31T18:00:00Z', amount: '1000000.0', gasFund: null,
  },
  {
    account: 'allocation-test02', keyset: { keys: ['06544e22bfef230d6d22f9486ac6cb76bf258ebfbf0137ee58f65743e1a5b8c4'], pred: 'keys-all' },
    date: '1900-10-31T18:00:00Z', amount: '2000000.0', gasFund: null,
  },
];

/// The key that owns the devnet's namespaces (`ns` admin and operator, the `util` namespace).
export const ADMIN_KEY = devnetKey('sender00');
