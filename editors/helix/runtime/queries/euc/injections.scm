; euc embeds no other language.
