/* barehip: placeholder, being written */
#pragma once
