import engines
from tests import toy

engines.register("toy", toy.ENGINE, toy.AI)
