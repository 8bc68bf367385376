"""Online card rooms' own hand histories: one reader per room family, one model of a hand
(:mod:`studkit.history.rooms.room_hand`), one converter to PHH."""
