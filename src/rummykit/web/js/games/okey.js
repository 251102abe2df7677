// Okey's controller: the closed-hand table (games/closed_hand.js) with the indicator and the
// okey, the wild tile it makes, beside the stock (games/tiles.js).

import { closedHand } from "./closed_hand.js";
import { Indicator } from "./tiles.js";

export default closedHand(Indicator, "okey");
