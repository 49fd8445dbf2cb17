"""Lines 190-350 executed statement by statement, as the interpreter runs
them: the reference the port's table-driven line 205 loop is checked against
(every variable, and the work count, must come out the same)."""
from retro.ports.altair_3d.game import Game


class LiteralGame(Game):
    def line_190_evaluate(self) -> int:
        S, W, V = self.S, self.W, self.V
        self.M5 = 0
        if self.version == 2:
            self.Q = 0
        last = 10 if self.version == 1 else 76
        self.A = 1
        while self.A <= last:  # 190 FOR A = 1 TO 76
            A = self.A
            self.A2, self.A3, self.A4, self.A5 = W[0][A], W[1][A], W[2][A], W[3][A]  # 192
            V[A] = S[self.A2] + S[self.A3] + S[self.A4] + S[self.A5]  # 194
            if V[A] == 4:  # 196
                return 410
            if self.version == 2 and V[A] == 3:  # 197
                self.Q = A
            if V[A] == 15:  # 198
                self.M5 = A
            self.work += 1
            self.A += 1  # 199 NEXT A
        return 365 if self.M5 != 0 else 200

    def line_204_score_boxes(self, past_204=False):
        S, W, V = self.S, self.W, self.V
        if not past_204:  # version 2's line 201 goes to 205
            self.Y1 = 0  # 204
        boxes = 16 if self.version == 1 else 64
        loop220 = {1: tuple(range(1, 11)), 2: self.readings.line_220_v2, 3: tuple(range(1, 77))}[self.version]
        self.A = 1
        while self.A <= boxes:  # 205 FOR A = 1 TO 64 : M2=0
            self.M2 = 0
            if S[self.A] == 0:  # 210
                self.Y1 += 1  # 215
                for self.A1 in loop220:  # 220
                    self.A2 = 0
                    found = False
                    while self.A2 <= 3:  # 225 FOR A2 = 0 TO 3 : IF A=W(A2,A1) THEN 230
                        self.work += 1
                        if self.A == W[self.A2][self.A1]:
                            found = True
                            break
                        self.A2 += 1  # 228 NEXT A2 : GOTO 300
                    if not found:
                        continue
                    self.A6 = V[self.A1]  # 230
                    if self.A6 == 3:  # 260
                        self.M4 = self.A
                        return 390
                    if self.A6 == 0:  # 270
                        continue
                    if 5 > self.A6:  # 280
                        self.M2 = self.M2 + self.points_280(self.A6)
                        continue
                    self.A7 = int(self.A6 / 5) // 1  # 290
                    if self.A7 == self.A6 / 5:
                        self.M2 = self.M2 + self.points_290(self.A7)
                self.A1 = loop220[-1] + loop220[1] - loop220[0] if len(loop220) > 1 else loop220[-1] + 1  # NEXT A1 ran past
                if self.M2 > self.M3 or (self.readings.line_320_ge and self.M2 >= self.M3):  # 320
                    self.M3, self.M4 = self.M2, self.A
            self.A += 1  # 350 NEXT A
        return None
