/// Pact's execution flags (`ExecutionFlag`): what `env-exec-config` and a node's `execConfig`
/// accept, each disabling a newer behaviour or keeping an older bug.

/// The flags in Pact's declaration order (the order `env-exec-config` reports them in).
export const EXECUTION_FLAGS = [
  'DisableModuleInstall', 'DisableHistoryInTransactionalMode', 'OldReadOnlyBehavior', 'AllowReadInLocal',
  'PreserveModuleNameBug', 'PreserveNsModuleInstallBug', 'DisablePactEvents', 'PreserveModuleIfacesBug',
  'PreserveShowDefs', 'DisablePact40', 'EnforceKeyFormats', 'DisablePact42', 'DisableInlineMemCheck',
  'DisablePact43', 'DisablePact431', 'DisablePact44', 'DisableNewTrans', 'DisablePact45', 'DisablePact46',
  'DisablePact47', 'DisableRuntimeReturnTypeChecking', 'DisablePact48', 'DisablePact49', 'DisablePact410',
  'DisablePact411', 'DisablePact412', 'DisablePact413',
] as const;
