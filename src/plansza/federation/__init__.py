"""The PFS federation's registry: members, referees, candidates (Regulamin sędziowski)."""
